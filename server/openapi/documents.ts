import { EVENT_SCHEMAS, HOST_SCHEMAS } from './answer-schemas';
import { buildDocument, type AreaDescription, type OpenApiDocument } from './build-document';
import { EVENT_OPERATIONS } from './event-operations';
import { HOST_ACCOUNT_OPERATIONS } from './host-account-operations';
import { HOST_DATA_RIGHTS_OPERATIONS } from './host-data-rights-operations';
import { HOST_INTEGRATION_OPERATIONS } from './host-integration-operations';
import { HOST_OCCASION_OPERATIONS } from './host-occasion-operations';
import { HOST_SEATING_OPERATIONS } from './host-seating-operations';
import type { Caller } from './operation';

const CONTRACT_ERRORS =
  'Every error answers `{ "error": { "code", "message", "issues"? } }` with a fitting status; 429 and 503 carry `Retry-After`.';

/** An occasion's route (`/occasion/:occasionId…`, `/occasions/:occasionId…`): the only kind an API token opens. */
const OCCASION_ROUTE = / \/occasions?\/:occasionId(\/|$)/;

type SecurityRequirements = ReadonlyArray<Record<string, string[]>>;

const SESSION_ONLY: SecurityRequirements = [{ hostSession: [] }];
const SESSION_OR_TOKEN: SecurityRequirements = [{ hostSession: [] }, { apiToken: [] }];

/** A signed-in host's credentials: the session cookie, or on an occasion's routes an API token. */
function hostSecurity(caller: Caller, key: string): SecurityRequirements {
  if (caller !== 'host') return [];
  return OCCASION_ROUTE.test(key) ? SESSION_OR_TOKEN : SESSION_ONLY;
}

/** The host area: Auth.js's session cookie, or an API token as a bearer. */
export const HOST_AREA: AreaDescription = {
  title: 'Kindly host API',
  description: `What the dashboard uses: occasions, guests, households, invitations, replies, email, people and the account. ${CONTRACT_ERRORS}`,
  prefix: '/host/v1',
  operations: { ...HOST_ACCOUNT_OPERATIONS, ...HOST_OCCASION_OPERATIONS, ...HOST_SEATING_OPERATIONS, ...HOST_DATA_RIGHTS_OPERATIONS, ...HOST_INTEGRATION_OPERATIONS },
  schemas: HOST_SCHEMAS,
  securitySchemes: {
    hostSession: {
      type: 'apiKey',
      in: 'cookie',
      name: 'authjs.session-token',
      description: 'Auth.js’s session cookie, set by `POST /auth/callback/credentials` (`__Secure-authjs.session-token` over HTTPS).',
    },
    apiToken: {
      type: 'http',
      scheme: 'bearer',
      description:
        'An occasion’s API token (`kndly_…`, made by `POST /occasion/{occasionId}/api-tokens`), as `Authorization: Bearer <token>`. ' +
        'It opens only its own occasion’s routes, with its role (`editor` or `viewer`): another occasion is 404, a route that names no occasion 403. A bearer request is judged by the token alone, whatever cookie it carries.',
    },
  },
  security: hostSecurity,
  // Under `/occasion(s)` the role guard; elsewhere an API token is refused 403 `FORBIDDEN`.
  mayForbid: (key) => key !== 'GET /openapi.json',
};

const GUEST_SECURITY: Readonly<Record<Caller, SecurityRequirements>> = {
  anyone: [],
  host: [],
  guest: [{ guestToken: [] }, { guestCookie: [] }],
  'guest-if-any': [{}, { guestToken: [] }, { guestCookie: [] }],
};

/** The guest area: the sign-in's token as a bearer, or the same token as a cookie. */
export const EVENT_AREA: AreaDescription = {
  title: 'Kindly guest API',
  description: `What the RSVP widget uses, from the hosts’ own sites (CORS per occasion’s allowed origins). ${CONTRACT_ERRORS}`,
  prefix: '/event/v1',
  operations: EVENT_OPERATIONS,
  schemas: EVENT_SCHEMAS,
  securitySchemes: {
    guestToken: { type: 'http', scheme: 'bearer', description: 'The `token` of `POST /auth/credentials`, as `Authorization: Bearer <token>`; wins over the cookie.' },
    guestCookie: {
      type: 'apiKey',
      in: 'cookie',
      name: 'kindly_guest',
      description: 'The same token as a cookie (`HttpOnly; Secure; SameSite=None; Partitioned`). A write carried by it alone must be JSON.',
    },
  },
  security: (caller) => GUEST_SECURITY[caller],
  // A request from a site the occasion does not allow is 403 `ORIGIN_NOT_ALLOWED`.
  mayForbid: (key) => key !== 'GET /openapi.json',
};

const built = new Map<AreaDescription, OpenApiDocument>();

/** The area's document, built once. */
export function openApiDocument(area: AreaDescription): OpenApiDocument {
  let document = built.get(area);
  if (!document) {
    document = buildDocument(area);
    built.set(area, document);
  }
  return document;
}
