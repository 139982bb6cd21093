import { hash, randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { Secret, TOTP } from 'otpauth';
import type { Database } from '../db/schema';

/** Codes of the step before and after the current one are accepted too (clocks drift). */
const WINDOW = 1;
/** How many recovery codes an account gets at a time. */
export const RECOVERY_CODE_COUNT = 10;
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A new TOTP secret: 160 random bits (RFC 4226's recommendation), base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The `otpauth://` URI an authenticator app reads (from a QR code or typed in). */
export function totpUri(secret: string, email: string): string {
  return new TOTP({ issuer: 'Kindly', label: email, secret: Secret.fromBase32(secret) }).toString();
}

/** The time step a six-digit code belongs to (now, or one step either side), or null. */
export function totpStep(secret: string, code: string, now: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = TOTP.validate({ token: code, secret: Secret.fromBase32(secret), timestamp: now, window: WINDOW });
  return delta === null ? null : TOTP.counter({ timestamp: now }) + delta;
}

/** Ten new recovery codes, `XXXXX-XXXXX` (50 random bits each), shown once. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(10);
    let code = '';
    for (let i = 0; i < 10; i++) code += CROCKFORD[bytes[i]! & 31] + (i === 4 ? '-' : '');
    return code;
  });
}

/** What is stored of a recovery code: the SHA-256 of its characters, upper case, without the dash. */
export function recoveryCodeHash(code: string): string {
  return hash('sha256', code.toUpperCase().replace(/[^0-9A-Z]/g, ''), 'hex');
}

/** Replaces the account's recovery codes with new ones (their hashes); answers the codes. */
export async function replaceRecoveryCodes(db: Kysely<Database> | Transaction<Database>, accountId: string): Promise<string[]> {
  const codes = newRecoveryCodes();
  await db.deleteFrom('recoveryCode').where('accountId', '=', accountId).execute();
  await db.insertInto('recoveryCode').values(codes.map((code) => ({ accountId, codeHash: recoveryCodeHash(code), usedAt: null }))).execute();
  return codes;
}

/**
 * Checks the second factor of a sign-in: a six-digit code of the account's authenticator (each
 * step's code signs in once: the step is stored as the last one used, only if later than the
 * last), or one of its recovery codes (spent by the same statement that finds it).
 */
export async function checkSecondFactor(
  db: Kysely<Database>,
  account: { id: string; totpSecret: string | null },
  code: string,
  now = Date.now(),
): Promise<boolean> {
  const typed = code.replace(/\s+/g, '');
  if (/^\d{6}$/.test(typed)) {
    const step = account.totpSecret ? totpStep(account.totpSecret, typed, now) : null;
    if (step === null) return false;
    const result = await db
      .updateTable('account')
      .set({ totpLastStep: step })
      .where('id', '=', account.id)
      .where((eb) => eb.or([eb('totpLastStep', 'is', null), eb('totpLastStep', '<', step)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
  if (typed.replace(/-/g, '').length !== 10) return false;
  const result = await db
    .updateTable('recoveryCode')
    .set({ usedAt: new Date(now).toISOString() })
    .where('accountId', '=', account.id)
    .where('codeHash', '=', recoveryCodeHash(typed))
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
