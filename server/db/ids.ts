import { randomBytes } from 'node:crypto';

/**
 * A new opaque, unguessable, URL-safe id: 12 base64url characters, 72 random bits.
 * Short on purpose: the 10,000-guest list carries five ids a guest and must stay small gzipped.
 */
export function newId(): string {
  return randomBytes(9).toString('base64url');
}

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A household invite code: 12 Crockford base32 characters (60 random bits) as `ABCD-EFGH-JKMN`. */
export function newInviteCode(): string {
  const bytes = randomBytes(12);
  let code = '';
  for (let i = 0; i < 12; i++) {
    code += CROCKFORD[bytes[i]! & 31];
    if (i === 3 || i === 7) code += '-';
  }
  return code;
}
