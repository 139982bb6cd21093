import * as v from 'valibot';
import { isCommonPassword } from './common-passwords';
import { strictBody } from './strict-body';
import { requiredEmail, text } from './text';

/** Fewest and most characters of a password (contract section 2). */
const PASSWORD_MIN = 8;
const PASSWORD_MAX = 128;

/** Counts code points, as people count characters (an emoji is one). */
function characterCount(value: string): number {
  let count = 0;
  for (const _ of value) count++;
  return count;
}

/** Lone surrogates cannot be encoded as UTF-8, so they would be hashed as something else. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/** The schema type of {@link password} and {@link currentPassword}. */
export type PasswordSchema = v.SchemaWithPipe<
  readonly [v.StringSchema<string>, v.RawCheckAction<string>, v.TitleAction<string, string>]
>;

/* @__NO_SIDE_EFFECTS__ */
function passwordSchema(forNewPassword: boolean): PasswordSchema {
  return v.pipe(
    v.string('Password must be text.'),
    v.rawCheck<string>(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const value = dataset.value;
      const count = characterCount(value);
      let message: string | undefined;
      if (count === 0) message = 'Password is required.';
      else if (LONE_SURROGATE.test(value)) message = 'Password contains characters that are not allowed.';
      else if (count > PASSWORD_MAX) message = `Password must be at most ${PASSWORD_MAX} characters.`;
      else if (forNewPassword && count < PASSWORD_MIN) message = `Password must be at least ${PASSWORD_MIN} characters.`;
      else if (forNewPassword && isCommonPassword(value)) {
        message = 'This password is too common. Choose one that is harder to guess.';
      }
      if (message !== undefined) addIssue({ message });
    }),
    v.title('Password'),
  );
}

/**
 * A new password: 8 to 128 characters, taken exactly as typed (never trimmed, normalised,
 * case-folded or truncated), and not one of the most common passwords (compared ignoring case).
 */
export const password: PasswordSchema = /* @__PURE__ */ passwordSchema(true);

/**
 * A password typed to sign in: required and at most 128 characters, taken exactly as typed.
 * Length and common-password rules are not repeated here: sign-in only compares.
 */
export const currentPassword: PasswordSchema = /* @__PURE__ */ passwordSchema(false);

/** The body of `POST /host/v1/account` (sign-up). */
export const AccountCreateSchema = /* @__PURE__ */ strictBody({
  email: requiredEmail,
  password,
  firstName: /* @__PURE__ */ text({ label: 'First name', min: 1, max: 100 }),
  lastName: /* @__PURE__ */ text({ label: 'Last name', min: 1, max: 100 }),
});

/** A valid sign-up body. */
export type AccountCreate = v.InferOutput<typeof AccountCreateSchema>;

/** The host sign-in form's fields (`csrfToken` is added by the client, not part of the form). */
export const SignInSchema = /* @__PURE__ */ strictBody({
  email: requiredEmail,
  password: currentPassword,
});

/** A valid sign-in form. */
export type SignIn = v.InferOutput<typeof SignInSchema>;

/**
 * The body of `PUT /host/v1/account/password` (beyond the contract's routes): the password in use
 * and the new one. Every other session of the account ends.
 */
export const PasswordChangeSchema = /* @__PURE__ */ strictBody({
  currentPassword,
  newPassword: password,
});

/** A valid password change. */
export type PasswordChange = v.InferOutput<typeof PasswordChangeSchema>;

/** A host's account as the API answers it; the password never leaves the server. */
export interface Account extends Omit<AccountCreate, 'password'> {
  id: string;
  /** ISO 8601 instant in UTC. */
  createdAt: string;
}
