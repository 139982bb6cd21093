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

/**
 * A household's check-in code: 10 Crockford base32 characters (50 random bits), stored without a
 * dash (`formatCheckInCode` in core shows it as `ABCDE-12345`). Unique over all occasions: the
 * check-in link `/c/{code}` names no occasion.
 */
export function newCheckInCode(): string {
  const bytes = randomBytes(10);
  let code = '';
  for (let i = 0; i < 10; i++) code += CROCKFORD[bytes[i]! & 31];
  return code;
}

/**
 * An invite line's id: its guest's id followed by its activity's id. A line is exactly one guest
 * invited to one activity, so the pair names it; the id is as unguessable as its parts, and in
 * the guest list (where it follows the guest's own id) gzip stores it in a few bytes instead of
 * nine random ones, which keeps the 10,000-guest list small.
 */
export function inviteLineId(guestId: string, activityId: string): string {
  return `${guestId}${activityId}`;
}
