import {
  AccountCreateSchema,
  AccountDeletionSchema,
  AccountUpdateSchema,
  EmailChangeSchema,
  InvitationTokenSchema,
  PasswordChangeSchema,
  PasswordConfirmSchema,
  PasswordResetRequestSchema,
  TwoFactorEnableSchema,
} from '../../core/schemas';
import { arrayOf, ref, string, strictObject } from './json-schema';
import type { OperationTable } from './operation';

const ACCOUNT = 'Account';
const SIGN_IN = 'Sign-in (Auth.js)';
const TWO_FACTOR = 'Two-factor sign-in';
const INVITATIONS = 'Co-host invitations';

/** The host area's routes that name no occasion: the account, sign-in, two-factor, invitations. */
export const HOST_ACCOUNT_OPERATIONS: OperationTable = {
  'GET /openapi.json': {
    summary: 'This document',
    tag: 'Reference',
    caller: 'anyone',
    description: 'The host area as OpenAPI 3.1. Public and cacheable; the guest area’s is at `/event/v1/openapi.json`.',
    answers: { 200: { type: 'object' } },
  },
  'POST /auth/callback/credentials': {
    summary: 'Sign in',
    tag: SIGN_IN,
    caller: 'anyone',
    description:
      'Auth.js’s own route and wire format (`GET /auth/csrf` first for `csrfToken`; `GET /auth/session` reads the session; `POST /auth/signout` ends it). ' +
      'A success sets the session cookie and redirects; with `X-Auth-Return-Redirect: 1` it answers `{ url }` instead, and a `url` with `error=` is a failed sign-in. ' +
      'Rate-limited per client and per account (429, the contract’s error body).',
    bodyType: 'application/x-www-form-urlencoded',
    body: strictObject({ email: string, password: string, csrfToken: string, code: { type: 'string', description: 'The authenticator’s code or a recovery code, when the account has two-factor sign-in.' } }),
    answers: { 200: strictObject({ url: string }), 302: 'none' },
    errors: [429],
  },
  'POST /account': {
    summary: 'Create an account',
    tag: ACCOUNT,
    caller: 'anyone',
    body: AccountCreateSchema,
    answers: { 201: ref('Account') },
    errors: [409, 429],
  },
  'GET /account': { summary: 'The signed-in account', tag: ACCOUNT, caller: 'host', answers: { 200: ref('Account') } },
  'PUT /account': { summary: 'Change the account’s name', tag: ACCOUNT, caller: 'host', body: AccountUpdateSchema, answers: { 200: ref('Account') } },
  'PUT /account/password': {
    summary: 'Change the password',
    tag: ACCOUNT,
    caller: 'host',
    description: 'Ends every other session of the account.',
    body: PasswordChangeSchema,
    answers: { 204: 'none' },
  },
  'POST /account/verification': {
    summary: 'Send the verification email again',
    tag: ACCOUNT,
    caller: 'host',
    answers: { 202: 'none' },
    errors: [409, 429],
  },
  'PUT /account/email': {
    summary: 'Change the email address',
    tag: ACCOUNT,
    caller: 'host',
    description: 'The new address becomes `pendingEmail` until its emailed link is opened.',
    body: EmailChangeSchema,
    answers: { 202: ref('Account') },
    errors: [429],
  },
  'POST /account/password-reset': {
    summary: 'Email a password reset link',
    tag: ACCOUNT,
    caller: 'anyone',
    description: 'Answers 202 whether or not an account has the address.',
    body: PasswordResetRequestSchema,
    answers: { 202: 'none' },
    errors: [429],
  },
  'GET /account/sessions': { summary: 'List the account’s sessions', tag: ACCOUNT, caller: 'host', answers: { 200: arrayOf(ref('HostSession')) } },
  'DELETE /account/sessions': { summary: 'End every other session', tag: ACCOUNT, caller: 'host', answers: { 204: 'none' } },
  'DELETE /account/session/:name': {
    summary: 'End one session',
    tag: ACCOUNT,
    caller: 'host',
    params: { name: { type: 'string', description: 'A session’s `id` from the list.' } },
    answers: { 204: 'none' },
  },
  'GET /account/deletion': {
    summary: 'What deleting the account would delete',
    tag: ACCOUNT,
    caller: 'host',
    answers: { 200: ref('AccountDeletionPlan') },
  },
  'POST /account/deletion': { summary: 'Delete the account', tag: ACCOUNT, caller: 'host', body: AccountDeletionSchema, answers: { 204: 'none' } },

  'POST /account/two-factor': {
    summary: 'Set up an authenticator',
    tag: TWO_FACTOR,
    caller: 'host',
    body: PasswordConfirmSchema,
    answers: { 200: ref('TwoFactorSetup') },
    errors: [409],
  },
  'PUT /account/two-factor': {
    summary: 'Turn two-factor sign-in on',
    tag: TWO_FACTOR,
    caller: 'host',
    body: TwoFactorEnableSchema,
    answers: { 200: ref('RecoveryCodes') },
    errors: [409],
  },
  'POST /account/two-factor/recovery-codes': {
    summary: 'Make new recovery codes',
    tag: TWO_FACTOR,
    caller: 'host',
    body: PasswordConfirmSchema,
    answers: { 200: ref('RecoveryCodes') },
    errors: [409],
  },
  'POST /account/two-factor/deactivation': {
    summary: 'Turn two-factor sign-in off',
    tag: TWO_FACTOR,
    caller: 'host',
    body: PasswordConfirmSchema,
    answers: { 204: 'none' },
    errors: [409],
  },

  'POST /invitation/lookup': {
    summary: 'Read a co-host invitation',
    tag: INVITATIONS,
    caller: 'anyone',
    body: InvitationTokenSchema,
    answers: { 200: ref('InvitationPreview') },
    errors: [404, 409],
  },
  'POST /invitation/accept': {
    summary: 'Accept a co-host invitation',
    tag: INVITATIONS,
    caller: 'host',
    body: InvitationTokenSchema,
    answers: { 200: ref('InvitationAccepted') },
    errors: [404, 409],
  },
};
