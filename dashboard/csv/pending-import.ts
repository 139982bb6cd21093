/**
 * An import sent whose answer has not arrived, kept in `localStorage` until one does: a tab
 * closed or a connection lost mid-request leaves it, and the import screen offers to send it
 * again with the same key, so the server writes it once (or recognises that it already did).
 */
import type { GuestImportBody } from '../../core/client/bodies';

const PREFIX = 'kindly.import.';

/** What is kept: the body as sent (with its key), and what the summary needs besides the answer. */
export interface PendingImport {
  body: GuestImportBody;
  fileName: string;
  sentAt: string;
  /** Rows of the file the plan left out. */
  leftOut: number;
  /** Guest rows only there for a plus-one to point at (they change nothing). */
  referenceRows: number;
}

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined; // storage blocked: a lost answer is not offered again
  }
}

/** Keeps the import until {@link forgetPendingImport}; one too large to keep is simply not kept. */
export function keepPendingImport(occasionId: string, pending: PendingImport): void {
  try {
    storage()?.setItem(PREFIX + occasionId, JSON.stringify(pending));
  } catch {
    // full or blocked
  }
}

export function readPendingImport(occasionId: string): PendingImport | undefined {
  const text = storage()?.getItem(PREFIX + occasionId);
  if (!text) return undefined;
  try {
    return JSON.parse(text) as PendingImport;
  } catch {
    return undefined;
  }
}

export function forgetPendingImport(occasionId: string): void {
  storage()?.removeItem(PREFIX + occasionId);
}

/** A new import key: 128 random bits, base64url. */
export function newImportKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
