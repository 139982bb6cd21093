import { sql, type Kysely } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../../db/schema';
import { DEFAULT_EMAIL_SETTINGS } from '../../email/email-settings';
import { queueScheduledMail } from '../../email/scheduled-mail';
import { localOutbox } from '../../email/transport';
import { EmailWorker } from '../../email/worker';
import { BASE } from '../../in-process/host-session';
import { createEventFixture, eventRequest, signInGuest, type EventFixture } from '../../test-support/event-fixture';
import type { TestApp } from '../../test-support/test-app';
import { create, expectJson, update } from './host-fixtures';

/** A person no other row of the fixture resembles: each of these must be gone after an erasure. */
export const ZEB = { firstName: 'Zebulon', lastName: 'Quixworth', email: 'zebulon.quixworth@example.org', phone: '(555) 014-2977' };
export const ZEB_TRACES = ['Quixworth', 'zebulon.quixworth@example.org', '014-2977'];

export interface DataRightsFixture extends EventFixture {
  zeb: { guestId: string; householdId: string; inviteCode: string };
  songQuestionId: string;
}

/** Sends the outbox as far as it goes now (local transport: accepted at once). */
export async function sendOutbox(t: TestApp): Promise<void> {
  const worker = new EmailWorker({
    db: t.deps.db,
    dbKind: t.deps.dbKind,
    settings: { ...DEFAULT_EMAIL_SETTINGS, retryBaseMs: 1 },
    transport: localOutbox,
    publicUrl: () => BASE,
    log: () => {},
    renderEmail: t.deps.renderEmail,
  });
  await worker.drain();
}

/**
 * The event fixture plus the Quixworths: Zebulon alone in his household, invited to the ceremony,
 * his invitation sent, his reply (a message and an answer naming him) confirmed by email and
 * waiting in the hosts' digest, another invitation to him queued, and a correction of his phone
 * in history.
 */
export async function createDataRightsFixture(t: TestApp): Promise<DataRightsFixture> {
  const f = await createEventFixture(t);
  const base = `/occasion/${f.occasionId}`;
  await update(f.host, base, { digestEnabled: true });
  const household = await create<{ id: string; inviteCode: string }>(f.host, `${base}/household`, {
    name: 'The Quixworths',
    email: ZEB.email,
    phone: ZEB.phone,
    addressLine1: '9 Quixworth Lane',
    notes: 'Zebulon Quixworth: call first',
  });
  const guest = await create<{ id: string }>(f.host, `${base}/guest`, { ...ZEB, phone: '555', householdId: household.id, notes: 'Quixworth cousin' });
  await update(f.host, `${base}/guest/${guest.id}`, { phone: ZEB.phone, dietaryNotes: 'No nuts for Quixworth' });
  await create(f.host, `${base}/invite-line`, { guestId: guest.id, activityId: f.activities.ceremony });
  const song = await create<{ id: string }>(f.host, `${base}/question`, { kind: 'SHORT_TEXT', prompt: 'Which song gets you dancing?' });
  await expectJson(f.host, 'POST', `${base}/emails`, { kind: 'INVITATION' }, 202);
  await sendOutbox(t);
  const session = await signInGuest(t.app, { occasionId: f.occasionId, inviteCode: household.inviteCode });
  const reply = await eventRequest(t.app, 'POST', '/rsvp', {
    token: session.token,
    body: {
      responses: [{ guestId: guest.id, activityId: f.activities.ceremony, response: 'ATTENDING' }],
      answers: [{ questionId: song.id, guestId: guest.id, value: 'The Quixworth polka' }],
      message: 'Zebulon Quixworth will be there! Call (555) 014-2977.',
    },
  });
  expect(reply.status, await reply.clone().text()).toBe(201);
  await sendOutbox(t);
  // A day later the hosts' digest, which names the Quixworths and quotes the message, waits in the outbox.
  await queueScheduledMail(t.deps.db, t.deps.dbKind, BASE, new Date(Date.now() + 25 * 3600_000), t.deps.renderEmail);
  await expectJson(f.host, 'POST', `${base}/emails`, { kind: 'INVITATION', householdIds: [household.id] }, 202);
  return { ...f, zeb: { guestId: guest.id, householdId: household.id, inviteCode: household.inviteCode }, songQuestionId: song.id };
}

/** Every `table.column` of the whole database whose text contains `needle`, any case, in name order. */
export async function whereFound(db: Kysely<Database>, kind: 'sqlite' | 'postgres', needle: string): Promise<string[]> {
  const columns = kind === 'sqlite' ? await sqliteColumns(db) : await postgresColumns(db);
  const found: string[] = [];
  for (const { table, column } of columns) {
    const hits = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)} where lower(cast(${sql.ref(column)} as text)) like ${`%${needle.toLowerCase()}%`}`.execute(db);
    if (Number(hits.rows[0]!.n) > 0) found.push(`${table}.${column}`);
  }
  // The catalogues list columns in no order SQL promises (PostgreSQL's changed between runs).
  return found.sort();
}

async function sqliteColumns(db: Kysely<Database>): Promise<Array<{ table: string; column: string }>> {
  const tables = await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(db);
  const columns: Array<{ table: string; column: string }> = [];
  for (const { name } of tables.rows) {
    const info = await sql<{ name: string }>`select name from pragma_table_info(${name})`.execute(db);
    columns.push(...info.rows.map((row) => ({ table: name, column: row.name })));
  }
  return columns;
}

async function postgresColumns(db: Kysely<Database>): Promise<Array<{ table: string; column: string }>> {
  const rows = await sql<{ table: string; column: string }>`select table_name as "table", column_name as "column" from information_schema.columns where table_schema = current_schema()`.execute(db);
  return rows.rows;
}
