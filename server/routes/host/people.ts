import { Hono } from 'hono';
import { emailNotVerified, isVerified } from '../../data/accounts';
import { InvitationCreateSchema, InvitationTokenSchema, PersonUpdateSchema, ROLE_NAMES, type InvitationPreview } from '../../../core/schemas/people';
import type { AppEnv } from '../../app-env';
import { notFound } from '../../data/api-error';
import { findOwnedOccasion } from '../../data/occasions';
import {
  acceptInvitation,
  changeRole,
  doorList,
  INVITATION_MS,
  insertInvitation,
  invitationTokenHash,
  listPeople,
  newInvitationToken,
  removePerson,
  toPendingInvitation,
  usableInvitation,
} from '../../data/people';
import { localInstant } from '../../email/email-dates';
import { insertEmails, newUnsubscribeToken } from '../../email/outbox';
import { publicUrlOf } from '../../email/public-url';
import { readBody } from '../../http/read-body';
import { requireHost } from '../../middleware/require-host/require-host';

/**
 * People on an occasion: the list, invitations by email (through the outbox), role changes and
 * removals; the names-only door list; and accepting an invitation (any signed-in account, from
 * the link's token). The role guard authorises the occasion's routes (`route-permissions.ts`).
 */
export function peopleRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const base = '/occasion/:occasionId';

  routes.get(`${base}/people`, async (c) => {
    return c.json(await listPeople(c.get('deps').db, c.req.param('occasionId')));
  });

  routes.post(`${base}/invitations`, async (c) => {
    const { db, config, renderEmail } = c.get('deps');
    const host = c.get('host');
    const occasion = await findOwnedOccasion(db, host, c.req.param('occasionId'));
    const input = await readBody(c, InvitationCreateSchema);
    const inviter = await db.selectFrom('account').select(['firstName', 'lastName', 'emailVerifiedAt']).where('id', '=', host.accountId).executeTakeFirstOrThrow();
    if (!isVerified(inviter)) throw emailNotVerified();
    const invitedByName = `${inviter.firstName} ${inviter.lastName}`.trim();
    const token = newInvitationToken();
    const now = new Date();
    const acceptUrl = `${publicUrlOf(c, config)}/invitation#${token}`;
    const expiresAt = new Date(now.getTime() + INVITATION_MS).toISOString();
    const rendered = await renderEmail({
      kind: 'HOST_INVITATION',
      props: { occasionTitle: occasion.title, invitedByName, roleName: ROLE_NAMES[input.role], acceptUrl, expires: localInstant(expiresAt, occasion.timezone) },
    });
    const row = await db.transaction().execute(async (trx) => {
      const row = await insertInvitation(trx, occasion.id, input, { accountId: host.accountId, name: invitedByName }, invitationTokenHash(token), now);
      await insertEmails(
        trx,
        [
          {
            ...rendered,
            occasionId: occasion.id,
            householdId: null,
            kind: 'HOST_INVITATION',
            to: input.email,
            subject: `${invitedByName} invites you to help plan ${occasion.title}`,
            unsubscribeToken: newUnsubscribeToken(),
          },
        ],
        now,
      );
      return row;
    });
    return c.json(toPendingInvitation(row), 201);
  });

  routes.delete(`${base}/invitation/:invitationId`, async (c) => {
    const { db } = c.get('deps');
    const { occasionId, invitationId } = c.req.param();
    const deleted = await db.transaction().execute((trx) =>
      trx.deleteFrom('occasionInvitation').where('id', '=', invitationId).where('occasionId', '=', occasionId).where('acceptedAt', 'is', null).executeTakeFirst(),
    );
    if (Number(deleted.numDeletedRows) === 0) throw notFound('No such invitation.');
    return c.body(null, 204);
  });

  routes.put(`${base}/person/:accountId`, async (c) => {
    const { db, dbKind } = c.get('deps');
    const { occasionId, accountId } = c.req.param();
    const { role } = await readBody(c, PersonUpdateSchema);
    return c.json(await db.transaction().execute((trx) => changeRole(trx, dbKind, occasionId, accountId, role, c.get('host').accountId)));
  });

  routes.delete(`${base}/person/:accountId`, async (c) => {
    const { db, dbKind } = c.get('deps');
    const { occasionId, accountId } = c.req.param();
    await db.transaction().execute((trx) => removePerson(trx, dbKind, occasionId, accountId, c.get('host').accountId));
    return c.body(null, 204);
  });

  routes.get(`${base}/door`, async (c) => {
    return c.json(await doorList(c.get('deps').db, c.req.param('occasionId')));
  });

  routes.post('/invitation/lookup', async (c) => {
    const { db, dbKind } = c.get('deps');
    const { token } = await readBody(c, InvitationTokenSchema);
    const invitation = await usableInvitation(db, dbKind, token, new Date());
    const occasion = await db.selectFrom('occasion').select('title').where('id', '=', invitation.occasionId).executeTakeFirstOrThrow();
    const preview: InvitationPreview = {
      occasionTitle: occasion.title,
      role: invitation.role as InvitationPreview['role'],
      invitedByName: invitation.invitedByName,
      email: invitation.email,
      expiresAt: invitation.expiresAt,
    };
    return c.json(preview);
  });

  routes.post('/invitation/accept', requireHost(), async (c) => {
    const { db, dbKind } = c.get('deps');
    const { token } = await readBody(c, InvitationTokenSchema);
    return c.json(await acceptInvitation(db, dbKind, token, c.get('host').accountId));
  });

  return routes;
}
