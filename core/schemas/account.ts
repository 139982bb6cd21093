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

const firstName = /* @__PURE__ */ text({ label: 'First name', min: 1, max: 100 });
const lastName = /* @__PURE__ */ text({ label: 'Last name', min: 1, max: 100 });

/** The body of `POST /host/v1/account` (sign-up). */
export const AccountCreateSchema = /* @__PURE__ */ strictBody({
  email: requiredEmail,
  password,
  firstName,
  lastName,
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

/** The body of `PUT /host/v1/account`: the names (either or both). */
export const AccountUpdateSchema = /* @__PURE__ */ strictBody({
  firstName: /* @__PURE__ */ v.optional(firstName),
  lastName: /* @__PURE__ */ v.optional(lastName),
});

/** A valid change of names. */
export type AccountUpdate = v.InferOutput<typeof AccountUpdateSchema>;

/**
 * The body of `PUT /host/v1/account/email`: the new address and the password in use. The address
 * changes once the link sent to it is opened; the old address gets a notice.
 */
export const EmailChangeSchema = /* @__PURE__ */ strictBody({
  email: requiredEmail,
  currentPassword,
});

/** A valid request to change the address. */
export type EmailChange = v.InferOutput<typeof EmailChangeSchema>;

/** The body of `POST /host/v1/account/password-reset`: the address to send a reset link to. */
export const PasswordResetRequestSchema = /* @__PURE__ */ strictBody({
  email: requiredEmail,
});

/** A valid reset request. */
export type PasswordResetRequest = v.InferOutput<typeof PasswordResetRequestSchema>;

/** The form of a reset link's page: the new password, typed twice. */
export const PasswordResetSchema = /* @__PURE__ */ v.pipe(
  /* @__PURE__ */ strictBody({
    newPassword: password,
    repeatPassword: currentPassword,
  }),
  /* @__PURE__ */ v.forward(
    /* @__PURE__ */ v.check((input) => input.newPassword === input.repeatPassword, 'The two passwords differ.'),
    ['repeatPassword'],
  ),
);

/** A valid new password from a reset link's page. */
export type PasswordReset = v.InferOutput<typeof PasswordResetSchema>;

/**
 * The body of `POST /host/v1/account/deletion`: the password in use, and the account's email
 * typed again as the confirmation (compared ignoring case).
 */
export const AccountDeletionSchema = /* @__PURE__ */ strictBody({
  currentPassword,
  confirmation: /* @__PURE__ */ text({ label: 'Confirmation', min: 1, max: 254 }),
});

/** A valid deletion request. */
export type AccountDeletion = v.InferOutput<typeof AccountDeletionSchema>;

/** A body that is only the password in use: setting up, turning off two-factor sign-in, new recovery codes. */
export const PasswordConfirmSchema = /* @__PURE__ */ strictBody({
  currentPassword,
});

/** A valid password confirmation. */
export type PasswordConfirm = v.InferOutput<typeof PasswordConfirmSchema>;

/** The body of `PUT /host/v1/account/two-factor`: a code of the authenticator just set up. */
export const TwoFactorEnableSchema = /* @__PURE__ */ strictBody({
  code: /* @__PURE__ */ v.pipe(
    /* @__PURE__ */ v.string('Code must be text.'),
    /* @__PURE__ */ v.transform((value) => value.replace(/\s+/g, '')),
    /* @__PURE__ */ v.regex(/^\d{6}$/, 'Enter the six digits your authenticator app shows.'),
    /* @__PURE__ */ v.title('Code'),
  ),
});

/** A valid code to turn two-factor sign-in on. */
export type TwoFactorEnable = v.InferOutput<typeof TwoFactorEnableSchema>;

/** `POST /host/v1/account/two-factor`: the secret to give an authenticator app, not yet in use. */
export interface TwoFactorSetup {
  /** Base32, for typing in. */
  secret: string;
  /** `otpauth://totp/…`, for a QR code. */
  uri: string;
}

/** Ten single-use recovery codes, shown once: each signs in instead of an authenticator's code. */
export interface RecoveryCodes {
  recoveryCodes: string[];
}

/** A host's account as the API answers it; the password never leaves the server. */
export interface Account extends Omit<AccountCreate, 'password'> {
  id: string;
  /** ISO 8601 instant in UTC. */
  createdAt: string;
  /** Whether `email` is confirmed by a link sent to it: until then, no email goes to guests. */
  emailVerified: boolean;
  /** An address asked for and not yet confirmed (it becomes `email` when its link is opened), or null. */
  pendingEmail: string | null;
  /** Whether sign-in asks for an authenticator's code (or a recovery code) after the password. */
  twoFactorEnabled: boolean;
  /** Recovery codes not yet used (0 without two-factor sign-in). */
  recoveryCodesLeft: number;
}

/** One live session of the account (`GET /host/v1/account/sessions`), newest first. */
export interface HostSessionInfo {
  /** A stable name of the session for ending it (not its token, nor the token's hash). */
  id: string;
  /** When it began (sign-in), and until when it lasts. */
  createdAt: string;
  expiresAt: string;
  /** The browser's `User-Agent` at sign-in, and the client's address ('' when unknown). */
  userAgent: string;
  address: string;
  /** Whether this is the session making the request. */
  current: boolean;
}

/** `GET /host/v1/account/deletion`: what deleting the account would delete. */
export interface AccountDeletionPlan {
  /** Deleted with the account: occasions nobody else owns, newest first. */
  occasionsOwnedAlone: Array<{ id: string; title: string }>;
}
