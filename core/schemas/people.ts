import type * as v from 'valibot';
import { choice } from './field';
import { strictBody } from './strict-body';
import { requiredEmail, text } from './text';

/**
 * What a person may do on an occasion. `owner`: everything, people and deletion included;
 * `editor`: guests, schedule, questions, email and seating, not people or deletion; `viewer`:
 * reads everything, changes nothing; `door`: finds guests by name and household on the day.
 */
export const ROLES = ['owner', 'editor', 'viewer', 'door'] as const;

/** One of {@link ROLES}. */
export type Role = (typeof ROLES)[number];

/**
 * What a route needs (each host route names one, `server/routes/host/route-permissions.ts`):
 * `door` the names-only list of households; `read` everything else there is to read; `write`
 * every change of guests, schedule, questions, email and the occasion's details; `own` people,
 * invitations and deleting the occasion.
 */
export const PERMISSIONS = ['door', 'read', 'write', 'own'] as const;

/** One of {@link PERMISSIONS}. */
export type Permission = (typeof PERMISSIONS)[number];

/** The permissions each role holds: the one table the server authorises by and the dashboard hides by. */
export const ROLE_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = {
  owner: ['door', 'read', 'write', 'own'],
  editor: ['door', 'read', 'write'],
  viewer: ['door', 'read'],
  door: ['door'],
};

/** Whether a role holds a permission. */
export function roleCan(role: Role | null | undefined, permission: Permission): boolean {
  return role != null && ROLE_PERMISSIONS[role].includes(permission);
}

/** How people read a role. */
export const ROLE_NAMES: Readonly<Record<Role, string>> = { owner: 'Owner', editor: 'Editor', viewer: 'Viewer', door: 'Door' };

/** Days an invitation to an occasion can be accepted. */
export const INVITATION_DAYS = 14;

/** Characters of an invitation token as the server makes them (32 random bytes, base64url). */
const TOKEN_MAX = 100;

const role = /* @__PURE__ */ choice(ROLES, 'Role');

/** The body of `POST /host/v1/occasion/{occasionId}/invitations`: `{ email, role }`. */
export const InvitationCreateSchema = /* @__PURE__ */ strictBody({ email: requiredEmail, role });

/** A valid invitation body. */
export type InvitationCreate = v.InferOutput<typeof InvitationCreateSchema>;

/** The body of `PUT /host/v1/occasion/{occasionId}/person/{accountId}`: `{ role }`. */
export const PersonUpdateSchema = /* @__PURE__ */ strictBody({ role });

/** A valid role change. */
export type PersonUpdate = v.InferOutput<typeof PersonUpdateSchema>;

/** The body of `POST /host/v1/invitation/lookup` and `POST /host/v1/invitation/accept`: `{ token }` from the link. */
export const InvitationTokenSchema = /* @__PURE__ */ strictBody({ token: text({ label: 'Token', min: 1, max: TOKEN_MAX }) });

/** A valid token body. */
export type InvitationToken = v.InferOutput<typeof InvitationTokenSchema>;

/** A person with a role on an occasion. */
export interface Person {
  accountId: string;
  firstName: string;
  lastName: string;
  email: string;
  role: Role;
  addedAt: string;
}

/** An invitation not yet accepted, revoked or expired. */
export interface PendingInvitation {
  id: string;
  email: string;
  role: Role;
  invitedByName: string;
  createdAt: string;
  expiresAt: string;
}

/** `GET /host/v1/occasion/{occasionId}/people`: the people (owners first, then by name) and the pending invitations (newest first). */
export interface People {
  people: Person[];
  invitations: PendingInvitation[];
}

/** `POST /host/v1/invitation/lookup`: what the invitation offers, before it is accepted. */
export interface InvitationPreview {
  occasionTitle: string;
  role: Role;
  invitedByName: string;
  email: string;
  expiresAt: string;
}

/** `POST /host/v1/invitation/accept`: the occasion the signed-in account now has a role on. */
export interface InvitationAccepted {
  occasionId: string;
  role: Role;
}

/** A guest in the door list: names only. */
export interface DoorGuest {
  id: string;
  firstName: string;
  lastName: string;
}

/** A household in the door list: its name and its guests' names. */
export interface DoorHousehold {
  id: string;
  name: string;
  guests: DoorGuest[];
}

/**
 * `GET /host/v1/occasion/{occasionId}/door`: everything the `door` role sees. Households by
 * name with their guests by last then first name; `guests` are those in no household.
 */
export interface DoorList {
  households: DoorHousehold[];
  guests: DoorGuest[];
}
