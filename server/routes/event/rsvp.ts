import { Hono, type Context } from 'hono';
import { RsvpSchema } from '../../../core/schemas/event';
import { isRsvpOpen } from '../../data/event-info';
import { createRsvp, loadRsvp, updateRsvp, type AfterRsvpWrite, type RsvpWriter } from '../../data/event-rsvp';
import { recordReply } from '../../email/record-reply';
import type { RsvpChange } from '../../data/event-rsvp-plan';
import { ApiError } from '../../data/api-error';
import { readJson } from '../../http/read-body';
import { validate } from '../../data/validate';
import { consumeWriteLimit } from './event-rate-limits';
import type { EventEnv } from './event-env';

/** `GET` (`null` before the household has replied), `POST` and `PUT /rsvp`: the household's reply. */
export function eventRsvpRoutes(): Hono<EventEnv> {
  const routes = new Hono<EventEnv>();

  routes.get('/rsvp', async (c) => c.json((await loadRsvp(c.get('deps').db, ownerOf(c))) ?? null));

  routes.post('/rsvp', async (c) => {
    const change = await readRsvpWrite(c, 'create');
    const now = new Date();
    const rsvp = await createRsvp(c.get('deps').db, ownerOf(c), change, now, recordReplyOf(c, now));
    return c.json(rsvp ?? (await loadRsvp(c.get('deps').db, ownerOf(c))), 201);
  });

  routes.put('/rsvp', async (c) => {
    const change = await readRsvpWrite(c, 'update');
    const now = new Date();
    // The write answers the reply as it leaves it; read back only when it cannot (new plus-ones).
    const rsvp = await updateRsvp(c.get('deps').db, ownerOf(c), change, now, recordReplyOf(c, now));
    return c.json(rsvp ?? (await loadRsvp(c.get('deps').db, ownerOf(c))));
  });

  return routes;
}

function ownerOf(c: Context<EventEnv>): RsvpWriter {
  const { occasionId, householdId, guestId } = c.get('guest').session;
  return { occasionId, householdId, guestId };
}

/** The reply's confirmation email (after the deps' own step, if any), in the reply's transaction. */
function recordReplyOf(c: Context<EventEnv>, now: Date): AfterRsvpWrite {
  const { occasionId, householdId, guestId } = c.get('guest').session;
  const record: AfterRsvpWrite = (trx) => recordReply(trx, { occasionId, householdId, guestId }, now);
  const step = c.get('deps').duringRsvpWrite;
  return step ? async (trx) => (await step(trx), record(trx)) : record;
}

/**
 * The checks every RSVP write passes before its body is looked at (rate limit, deadline), then
 * the body. A PUT that leaves out `plusOnes` or `message` keeps them, as every PUT does.
 */
async function readRsvpWrite(c: Context<EventEnv>, mode: 'create' | 'update'): Promise<RsvpChange> {
  await consumeWriteLimit(c);
  assertRsvpOpen(c);
  const raw = await readJson(c);
  const input = validate(RsvpSchema, raw);
  const given = (key: string) => mode === 'create' || (typeof raw === 'object' && raw !== null && key in raw);
  return {
    responses: input.responses,
    plusOnes: given('plusOnes') ? input.plusOnes : undefined,
    message: given('message') ? input.message : undefined,
    answers: given('answers') ? input.answers : undefined,
  };
}

/** The deadline as read with the session, at the start of this request. */
function assertRsvpOpen(c: Context<EventEnv>): void {
  if (!isRsvpOpen(c.get('guest').session, new Date())) {
    throw new ApiError(403, 'RSVP_CLOSED', 'Replies closed at the RSVP deadline. Please contact the hosts.');
  }
}
