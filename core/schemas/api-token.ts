import * as v from 'valibot';
import { choice } from './field';
import type { Role } from './people';
import { strictBody } from './strict-body';
import { text } from './text';

/**
 * The roles an API token may carry: a token reads (`viewer`) or reads and writes (`editor`) one
 * occasion; people, invitations, tokens and deletion stay with the owners' own sessions.
 */
export const API_TOKEN_ROLES = ['editor', 'viewer'] as const satisfies readonly Role[];

/** One of {@link API_TOKEN_ROLES}. */
export type ApiTokenRole = (typeof API_TOKEN_ROLES)[number];

/** Every token begins with this, so a leaked one is recognised (secret scanners, logs). */
export const API_TOKEN_PREFIX = 'kndly_';

/** Characters of a token's name. */
export const API_TOKEN_NAME_MAX = 100;

/** The body of `POST /host/v1/occasion/{occasionId}/api-tokens`: `{ name, role }`. */
export const ApiTokenCreateSchema = /* @__PURE__ */ strictBody({
  name: text({ label: 'Name', min: 1, max: API_TOKEN_NAME_MAX }),
  role: choice(API_TOKEN_ROLES, 'Role'),
});

/** A valid token body. */
export type ApiTokenCreate = v.InferOutput<typeof ApiTokenCreateSchema>;

/** A token as listed: never its secret. */
export interface ApiToken extends ApiTokenCreate {
  id: string;
  createdAt: string;
  /** The owner's account that created it (deleting that account ends the token). */
  createdByAccountId: string;
  /** That account's name as it is now. */
  createdByName: string;
  /** When it last opened a request, to the minute; null if never. */
  lastUsedAt: string | null;
}

/** The answer to creating a token: the only time its secret is shown. */
export interface ApiTokenCreated extends ApiToken {
  secret: string;
}

/** The answer of `GET /host/v1/occasion/{occasionId}/api-tokens`, newest first. */
export interface ApiTokenList {
  tokens: ApiToken[];
}

/** A token's id as the server makes them (the `{tokenId}` of the path): 16 URL-safe characters. */
export const ApiTokenIdSchema = /* @__PURE__ */ v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{16}$/, 'Not a token id.'));
