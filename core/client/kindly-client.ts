import { createGuestClient, type GuestClient, type GuestClientOptions } from './guest-client';
import { createHostClient, type HostClient } from './host-client';

/** Both API areas behind one base URL. */
export interface KindlyClient {
  /** `/host/v1`: the dashboard's routes. */
  host: HostClient;
  /** `/event/v1`: the widget's routes. */
  guest: GuestClient;
}

/**
 * Creates a client for both API areas. The widget imports `createGuestClient` from
 * `./guest-client` instead, so that none of the host code reaches its bundle.
 *
 * @param options `baseUrl`, optional `fetch`, `timeoutMs` (10 s) and the guest token's `storage`.
 * @returns `{ host, guest }`.
 */
export function createKindlyClient(options: GuestClientOptions): KindlyClient {
  return { host: createHostClient(options), guest: createGuestClient(options) };
}
