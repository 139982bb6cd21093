import { lookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Whether an address may not receive webhooks: anything but an ordinary public unicast address.
 * That refuses loopback, private (RFC 1918) and unique local (ULA) networks, link-local (with the
 * cloud metadata service at 169.254.169.254), carrier-grade NAT, unspecified, multicast, broadcast
 * and reserved addresses, fd00:ec2::254, and IPv6 forms that carry an IPv4 address (mapped,
 * NAT64, 6to4, Teredo). Unparseable text is refused too.
 */
export function isForbiddenAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return true;
  return ipaddr.process(address).range() !== 'unicast';
}

/** A URL's host as `WEBHOOK_ALLOWED_HOSTS` lists it: lower case, IPv6 without brackets. */
export function hostOf(url: URL): string {
  return url.hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
}

/** Why an endpoint URL is refused at once (its host is a forbidden literal address), or undefined. */
export function literalAddressProblem(url: URL, allowedHosts: readonly string[]): string | undefined {
  const host = hostOf(url);
  if (allowedHosts.includes(host) || isIP(host) === 0) return undefined;
  return isForbiddenAddress(host) ? 'URL must name a public address, not a private, loopback or link-local one.' : undefined;
}

/** A refused destination: the delivery fails at once, without a connection. */
export class ForbiddenAddressError extends Error {
  constructor(host: string, address: string) {
    super(`${host} resolves to ${address}, which is not a public address; webhooks are not delivered there.`);
    this.name = 'ForbiddenAddressError';
  }
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for `http.request` that resolves the name, refuses it when any of its addresses is
 * forbidden, and hands the checked addresses to the connection: the address connected to is one
 * that was checked, so a name that changes its answer between check and connect gains nothing.
 */
export function guardedLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const forbidden = addresses.find((entry) => isForbiddenAddress(entry.address));
    if (forbidden || addresses.length === 0) return callback(new ForbiddenAddressError(hostname, forbidden?.address ?? 'nothing'), []);
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
}
