import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import { GuestCreateSchema, GuestUpdateSchema, type GuestCreate } from '../../../core/schemas/guest';
import type { AppEnv } from '../../app-env';
import { findGuestRow, guestReferenceIssues, guestWritable, loadGuestReferences, loadGuests, toGuestRow } from '../../data/guests';
import { GuestListQuerySchema } from '../../../core/schemas/guest-list-query';
import { guestListFirstPage, guestListParts } from '../../data/guest-list-json';
import { ownedOccasionRevision } from '../../data/occasion-revision';
import { RevisionedAnswers } from '../../data/revisioned-answers';
import { actorOf, recordHistory } from '../../data/history';
import { guestHistory } from '../../data/history-changes';
import { assertOwnedOccasion } from '../../data/occasions';
import { lockRows } from '../../data/row-lock';
import { releaseSeats } from '../../data/seat-releases';
import { newId } from '../../db/ids';
import type { Database } from '../../db/schema';
import { notFound } from '../../data/api-error';
import { jsonBytes, type JsonBody } from '../../data/json-body';
import { jsonAnswer } from '../../http/json-answer';
import { readBody } from '../../http/read-body';
import { revisionTag, revisionedJson } from '../../http/revisioned-json';
import { validate } from '../../data/validate';
import { failOnIssues } from './validation-failed';

/** How many guests' answers `GET …/guest/{id}` keeps per process (a few MB at most). */
const GUESTS_KEPT = 2000;

/**
 * Guest CRUD. `GET …/guest/{id}` keeps each guest's answer per occasion revision
 * ({@link RevisionedAnswers}): the session's lookup reads the revision, so a read of an unchanged
 * guest costs that one statement. A guest's household and attributes must be the occasion's own; `invitations`
 * come from the invite lines, which are deleted with the guest (foreign-key cascade).
 */
export function guestRoutes(answers = new RevisionedAnswers<JsonBody>(GUESTS_KEPT)): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/occasion/:occasionId/guests', async (c) => {
    const { db, dbKind } = c.get('deps');
    const occasionId = c.req.param('occasionId');
    const revision = await ownedOccasionRevision(db, c.get('host'), occasionId);
    const { limit } = validate(GuestListQuerySchema, c.req.query());
    if (limit !== undefined) {
      // A part of the list: no ETag and never stored, so no revalidation can take it for the list.
      const page = await guestListFirstPage(db, dbKind, occasionId, limit);
      return c.body(page, 200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
    }
    return revisionedJson(c, revisionTag(`guests.${occasionId}`, revision), () => guestListParts(db, dbKind, occasionId));
  });

  routes.post('/occasion/:occasionId/guest', async (c) => {
    const { db } = c.get('deps');
    const occasionId = c.req.param('occasionId');
    await assertOwnedOccasion(db, c.get('host'), occasionId);
    const input = await readBody(c, GuestCreateSchema);
    await assertReferencesExist(db, occasionId, input);
    const now = new Date().toISOString();
    const row = toGuestRow({ id: newId(), occasionId, plusOneOf: null, createdAt: now }, input, now);
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('guest').values(row).execute();
      await recordHistory(trx, occasionId, actorOf(c.get('host')), [guestHistory(undefined, row)]);
    });
    return c.json(await loadGuest(db, occasionId, row.id), 201);
  });

  routes.get('/occasion/:occasionId/guest/:guestId', async (c) => {
    const { db } = c.get('deps');
    const { occasionId, guestId } = c.req.param();
    const revision = String(await ownedOccasionRevision(db, c.get('host'), occasionId));
    const key = `${occasionId}/${guestId}`;
    let body = answers.get(key, revision);
    if (body === undefined) {
      // Read after the revision, so what is kept is never older than its revision.
      body = jsonBytes(await loadGuest(db, occasionId, guestId));
      answers.set(key, revision, body);
    }
    return jsonAnswer(c, body);
  });

  routes.put('/occasion/:occasionId/guest/:guestId', async (c) => {
    const { db, dbKind } = c.get('deps');
    const { occasionId, guestId } = c.req.param();
    await assertOwnedOccasion(db, c.get('host'), occasionId);
    await findGuestRow(db, occasionId, guestId);
    const patch = await readBody(c, GuestUpdateSchema);
    await db.transaction().execute(async (trx) => {
      await lockRows(trx, dbKind, 'guest', [guestId]);
      const current = await findGuestRow(trx, occasionId, guestId);
      const merged = validate(GuestCreateSchema, { ...guestWritable(current), ...patch });
      await assertReferencesExist(trx, occasionId, merged);
      const updated = toGuestRow(current, merged, new Date().toISOString());
      const { id: _id, occasionId: _o, plusOneOf: _p, createdAt: _c, ...changes } = updated;
      await trx.updateTable('guest').set(changes).where('id', '=', current.id).execute();
      await recordHistory(trx, occasionId, actorOf(c.get('host')), [guestHistory(current, updated)]);
    });
    return c.json(await loadGuest(db, occasionId, guestId));
  });

  routes.delete('/occasion/:occasionId/guest/:guestId', async (c) => {
    const { db } = c.get('deps');
    const { occasionId, guestId } = c.req.param();
    await assertOwnedOccasion(db, c.get('host'), occasionId);
    const current = await findGuestRow(db, occasionId, guestId);
    await db.transaction().execute(async (trx) => {
      await releaseSeats(trx, occasionId, { guestIds: [current.id] }, 'removing', new Date().toISOString());
      const deleted = await trx.deleteFrom('guest').where('id', '=', current.id).executeTakeFirst();
      if (Number(deleted.numDeletedRows) > 0) await recordHistory(trx, occasionId, actorOf(c.get('host')), [guestHistory(current, undefined)]);
    });
    return c.body(null, 204);
  });

  return routes;
}

async function loadGuest(db: Kysely<Database>, occasionId: string, guestId: string) {
  const [guest] = await loadGuests(db, occasionId, [guestId]);
  if (!guest) throw notFound('No such guest.');
  return guest;
}

async function assertReferencesExist(db: Kysely<Database>, occasionId: string, guest: GuestCreate): Promise<void> {
  failOnIssues(guestReferenceIssues(await loadGuestReferences(db, occasionId), guest));
}
