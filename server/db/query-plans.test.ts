import { CompiledQuery, sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventFixture, eventRequest, signInGuest, smithsWholeReply, WIDGET_ORIGIN, type EventFixture } from '../test-support/event-fixture';
import { createTestApp, testDatabaseKind, type TestApp } from '../test-support/test-app';
import type { Database } from './schema';
import { DEFAULT_EMAIL_SETTINGS } from '../email/email-settings';
import { insertEmails, newUnsubscribeToken } from '../email/outbox';
import { localOutbox } from '../email/transport';
import { EmailWorker } from '../email/worker';
import { queueScheduledMail } from '../email/scheduled-mail';
import { renderEmailHere } from '../email/render-email';
import { guestJsonStatement } from '../data/guest-list-sqlite';
import { replyJsonStatement } from '../data/replies';

/**
 * The guests' hot path on a freshly imported platform: a large occasion (5,000 more households,
 * 15,000 more guests, their lines, replies, sessions and answers) among 1,000 others, with NO
 * planner statistics (no ANALYZE, autovacuum off for these tables), as right after an import.
 * Every statement the real routes run is recorded as sent (the database's `onQuery` hook) and
 * explained with its own values: none may read a large table whole. PostgreSQL without
 * statistics guesses every equality's selectivity, so a join can turn into a hash of a whole
 * table; SQLite without `sqlite_stat1` guesses too. Also counts each request's statements.
 */

/** Confirmations of so many seeded households wait for one round of the email worker. */
const CONFIRMATION_BATCH = 40;

/** A table is large when the seed leaves at least this many rows in it. */
const LARGE_TABLE_ROWS = 1000;
const SEEDED_HOUSEHOLDS = 20_000;
/** Households of the fixture's occasion among the seeded ones (the rest go to the other occasions). */
const BIG_OCCASION_HOUSEHOLDS = 5000;
const OTHER_OCCASIONS = 1000;

interface Recorded {
  label: string;
  query: CompiledQuery;
}

describe(`query plans on a fresh import without statistics (${testDatabaseKind})`, () => {
  let t: TestApp;
  let f: EventFixture;
  let label: string | undefined;
  const recorded: Recorded[] = [];

  beforeAll(async () => {
    t = await createTestApp({}, { neverUsed: true, onQuery: (query) => label && recorded.push({ label, query }) });
    f = await createEventFixture(t);
    await seedPlatform(t.deps.db, f);
  }, 60_000);
  afterAll(() => t?.close());

  /** Runs `request`, recording its statements under `name`. */
  async function as<T>(name: string, request: () => Promise<T>): Promise<T> {
    label = name;
    try {
      return await request();
    } finally {
      label = undefined;
    }
  }

  it('reads no large table whole on any statement of the guest path, and counts them', { timeout: 60_000 }, async () => {
    if (testDatabaseKind === 'postgres') {
      // The premise: the planner has no statistics for any table of this schema.
      const { rows } = await sql<{ analyzed: number }>`
        SELECT count(*)::int AS analyzed FROM pg_stat_user_tables
        WHERE schemaname = current_schema() AND (last_analyze IS NOT NULL OR last_autoanalyze IS NOT NULL)`.execute(t.deps.db);
      expect(rows[0]!.analyzed).toBe(0);
    }
    const question = await f.host.request('POST', `/occasion/${f.occasionId}/question`, { kind: 'SHORT_TEXT', prompt: 'Which song?', sortOrder: 1 });
    expect(question.status).toBe(201);
    const questionId = ((await question.json()) as { id: string }).id;

    const smith = await as('sign-in by invite code', () => signInGuest(t.app, { occasionId: f.occasionId, inviteCode: f.smith.inviteCode }));
    await as('sign-in by name', () => signInGuest(t.app, { occasionId: f.occasionId, firstName: 'Ann', lastName: 'Jones', passcode: 'olive-tree' }));
    const token = smith.token;
    const ok = async (response: Response | Promise<Response>, status = 200) => {
      const answer = await response;
      expect(answer.status, await answer.clone().text()).toBe(status);
      return answer;
    };
    await as('preflight', () => ok(eventRequest(t.app, 'OPTIONS', '/rsvp', { origin: WIDGET_ORIGIN, headers: { 'access-control-request-method': 'PUT' } }), 204));
    await as('session', () => ok(eventRequest(t.app, 'GET', `/auth/session/${f.occasionId}`, { token })));
    await as('info', () => ok(eventRequest(t.app, 'GET', '/info', { token })));
    await as('household', () => ok(eventRequest(t.app, 'GET', '/household', { token })));
    await as('rsvp read (none yet)', () => ok(eventRequest(t.app, 'GET', '/rsvp', { token })));
    const reply = { ...smithsWholeReply(f), answers: [{ questionId, guestId: f.smith.jane, value: 'Valerie' }] };
    await as('rsvp create', () => ok(eventRequest(t.app, 'POST', '/rsvp', { token, body: reply }), 201));
    await as('rsvp read', () => ok(eventRequest(t.app, 'GET', '/rsvp', { token })));
    await as('rsvp change', () => ok(eventRequest(t.app, 'PUT', '/rsvp', { token, body: smithsWholeReply(f, { joseAtCeremony: 'ATTENDING', message: 'Yes!' }) })));
    await as('rsvp change with a plus-one', () =>
      ok(eventRequest(t.app, 'PUT', '/rsvp', { token, body: smithsWholeReply(f, { plusOnes: [{ forGuestId: f.smith.jane, firstName: 'Pat', lastName: 'Doe' }] }) })),
    );
    await as('household change', () => ok(eventRequest(t.app, 'PUT', '/household', { token, body: { city: 'Lisbon', guests: [{ id: f.smith.jose, dietaryNotes: 'No nuts' }] } })));
    const list = (etag?: string) => t.app.request(`http://localhost/host/v1/occasion/${f.occasionId}/guests`, { headers: { cookie: f.host.jar.header(), ...(etag ? { 'if-none-match': etag } : {}) } });
    const etag = (await list()).headers.get('etag')!;
    await as('guest list revalidation', () => ok(list(etag), 304));
    await as('guest list', () => ok(list()));
    await as('replies', () => ok(t.app.request(`http://localhost/host/v1/occasion/${f.occasionId}/replies`, { headers: { cookie: f.host.jar.header() } })));
    if (testDatabaseKind === 'sqlite') {
      // SQLite reads both lists on the read thread's connection, which Kysely does not see: their statements are explained here.
      recorded.push({ label: 'guest list', query: guestJsonStatement(t.deps.db, f.occasionId) });
      recorded.push({ label: 'replies', query: replyJsonStatement(t.deps.db, f.occasionId) });
    }
    // A reply of a household with an address queues its confirmation; the email worker's round renders and sends it.
    await t.deps.db.updateTable('household').set({ email: 'smiths@example.com' }).where('id', '=', f.smith.id).execute();
    await as('rsvp change with a confirmation', () => ok(eventRequest(t.app, 'PUT', '/rsvp', { token, body: smithsWholeReply(f, { message: 'See you there' }) })));
    const queued = await t.deps.db.selectFrom('email').select('id').where('kind', '=', 'CONFIRMATION').where('status', '=', 'QUEUED').execute();
    expect(queued.length).toBeGreaterThan(0);
    const worker = new EmailWorker({ ...t.deps, settings: DEFAULT_EMAIL_SETTINGS, transport: localOutbox, publicUrl: () => 'https://rsvp.example.com', log: () => {}, scheduleEveryMs: Infinity });
    expect(await as('email worker round', () => worker.runOnce())).toBe(queued.length);
    // A wave's batch: confirmations of many households at once, whose IN lists PostgreSQL without
    // statistics would take for a large part of the table.
    const confirmations = Array.from({ length: CONFIRMATION_BATCH }, (_, i) => ({ householdId: `seed-h${i + 1}`, to: `household-${i + 1}@example.com` }));
    await insertEmails(t.deps.db, confirmations.map((c) => ({ ...c, occasionId: f.occasionId, kind: 'CONFIRMATION' as const, subject: 'Your reply', html: '', text: '', unsubscribeToken: newUnsubscribeToken() })), new Date());
    expect(await as('email worker round of a batch', () => worker.runOnce())).toBe(CONFIRMATION_BATCH);
    // The worker's look, each minute, for reminders and digests due: neither asked for here.
    await as('scheduled mail', () => queueScheduledMail(t.deps.db, t.deps.dbKind, 'https://rsvp.example.com', new Date(), renderEmailHere));

    const large = await largeTables(t.deps.db);
    expect(large).toEqual(expect.arrayContaining(['household', 'guest', 'inviteLine', 'rsvp', 'guestSession', 'answer', 'occasionOrigin']));
    const counts = new Map<string, number>();
    const fullReads: string[] = [];
    const explained = new Map<string, string[]>();
    for (const { label: name, query } of recorded) {
      counts.set(name, (counts.get(name) ?? 0) + 1);
      if (!/^\s*(select|insert|update|delete|with)\b/i.test(query.sql)) continue;
      const key = `${query.sql}\u0000${JSON.stringify(query.parameters)}`;
      let scans = explained.get(key);
      if (!scans) explained.set(key, (scans = await wholeTableReads(t.deps.db, query, large)));
      for (const scan of scans) fullReads.push(`${name}: ${scan} in\n  ${query.sql}`);
    }
    // The statement budget of each request (begin and commit included); a change that adds one shows here.
    // Every write asks once whether the occasion has webhook endpoints (`webhooks/queue.ts`).
    // On SQLite a session's lookup is kept while the database is unchanged (queries/kept.ts): a
    // request right after another of the same session, with no write between, asks nothing for it.
    const kept = testDatabaseKind === 'sqlite' ? 1 : 0;
    // On SQLite a sign-in's session and the worker's marks of each message join a group commit
    // (`groupedWrite`): a begin and a commit for the sign-in, a savepoint and its release for each mark.
    const grouped = testDatabaseKind === 'sqlite' ? 2 : 0;
    expect(Object.fromEntries(counts)).toEqual({
      'sign-in by invite code': 12 + grouped,
      'sign-in by name': 11 + grouped,
      preflight: 1,
      session: 3,
      info: 4 - kept,
      household: 4 - kept,
      'rsvp read (none yet)': 2 - kept,
      // A reply that declines an invitation asks once whether that guest had a seat (`data/seat-releases.ts`).
      'rsvp create': 21 - kept,
      'rsvp read': 6,
      'rsvp change': 16 - kept,
      'rsvp change with a plus-one': 23,
      // PostgreSQL locks the household's and the corrected members' rows first.
      'household change': testDatabaseKind === 'postgres' ? 18 : 16,
      ...(kept ? {} : { 'guest list revalidation': 1 }),
      'guest list': 2 - kept,
      replies: 2 - kept,
      // The confirmation's address, whether one already waits, the occasion's sender, the template, the message.
      'rsvp change with a confirmation': 24 - kept,
      // On SQLite each message's two marks add a savepoint and its release, each group a begin and a commit.
      'email worker round': grouped ? 20 : 16,
      'email worker round of a batch': grouped ? 270 : 94,
      'scheduled mail': 3,
    });
    expect(fullReads).toEqual([]);
  });
});

/** The tables holding at least {@link LARGE_TABLE_ROWS} rows. */
async function largeTables(db: Kysely<Database>): Promise<string[]> {
  const tables = ['account', 'hostSession', 'occasion', 'occasionOrigin', 'activity', 'attributeCategory', 'household', 'guest', 'inviteLine', 'rsvp', 'question', 'answer', 'guestSession', 'rateLimit', 'email', 'emailTemplate', 'emailUnsubscribe', 'historyEntry', 'historyGuestHousehold'] as const;
  const large: string[] = [];
  for (const table of tables) {
    const { n } = await db.selectFrom(table).select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
    if (Number(n) >= LARGE_TABLE_ROWS) large.push(table);
  }
  return large;
}

/** The large tables the statement's plan reads whole, as "Seq Scan on guest" / "SCAN guest". */
async function wholeTableReads(db: Kysely<Database>, query: CompiledQuery, large: readonly string[]): Promise<string[]> {
  if (testDatabaseKind === 'postgres') {
    const { rows } = await db.executeQuery<{ 'QUERY PLAN': unknown }>(CompiledQuery.raw(`EXPLAIN (FORMAT JSON) ${query.sql}`, [...query.parameters]));
    const found: string[] = [];
    const walk = (node: { 'Node Type'?: string; 'Relation Name'?: string; Plans?: unknown[] }) => {
      if (node['Node Type'] === 'Seq Scan' && large.includes(node['Relation Name'] ?? '')) found.push(`Seq Scan on ${node['Relation Name']}`);
      for (const child of node.Plans ?? []) walk(child as typeof node);
    };
    const plan = rows[0]!['QUERY PLAN'];
    for (const statement of (typeof plan === 'string' ? JSON.parse(plan) : plan) as Array<{ Plan: Parameters<typeof walk>[0] }>) walk(statement.Plan);
    return found;
  }
  const { rows } = await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`EXPLAIN QUERY PLAN ${query.sql}`, [...query.parameters]));
  // `SCAN t` or `SCAN t USING [COVERING] INDEX i` both read every row of t; `SEARCH` does not.
  return rows.flatMap(({ detail }) => {
    const table = /^SCAN (\w+)/.exec(detail)?.[1];
    return table && large.includes(table) ? [detail] : [];
  });
}

/**
 * Rows as an import leaves them, straight into the tables (each statement an `INSERT … SELECT`
 * over a counter, the same SQL on both databases): 1,000 more occasions with two allowed origins
 * and two activities each; 20,000 households (5,000 in the fixture's occasion), three guests
 * each, every guest invited to two activities; a reply, a session, an answer and a history
 * entry for every other household; an email per household.
 */
async function seedPlatform(db: Kysely<Database>, f: EventFixture): Promise<void> {
  if (testDatabaseKind === 'postgres') {
    // No statistics while the test runs, whatever this server's autovacuum does.
    for (const table of ['occasion', 'occasionOrigin', 'activity', 'household', 'guest', 'inviteLine', 'rsvp', 'question', 'answer', 'guestSession', 'email', 'historyEntry', 'historyGuestHousehold']) {
      await sql`ALTER TABLE ${sql.table(table)} SET (autovacuum_enabled = false)`.execute(db);
    }
  }
  await db.transaction().execute(async (trx) => {
    if (testDatabaseKind === 'postgres') {
      await sql`SET LOCAL statement_timeout = 0`.execute(trx);
      // As an import tool would: the rows are consistent by construction, so a superuser skips
      // the per-row foreign key and revision triggers (the seed's bulk of time otherwise).
      const { rows } = await sql<{ superuser: boolean }>`SELECT rolsuper AS superuser FROM pg_roles WHERE rolname = current_user`.execute(trx);
      if (rows[0]?.superuser) await sql`SET LOCAL session_replication_role = replica`.execute(trx);
    }
    await seedRows(trx, f);
  });
}

async function seedRows(db: Kysely<Database>, f: EventFixture): Promise<void> {
  const at = '2026-01-01T00:00:00.000Z';
  const { accountId } = await db.selectFrom('occasion').select('accountId').where('id', '=', f.occasionId).executeTakeFirstOrThrow();
  const counter = (n: number) => sql`WITH RECURSIVE counter(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM counter WHERE n < ${sql.lit(n)})`;
  const run = (query: ReturnType<typeof sql>) => query.execute(db);
  await run(sql`INSERT INTO "occasion" ("id", "accountId", "title", "description", "startDate", "endDate", "timezone", "venueName", "venueAddress", "allowedOrigins", "contactEmail", "createdAt", "updatedAt")
    ${counter(OTHER_OCCASIONS)} SELECT 'seed-o' || n, CAST(${accountId} AS text), 'Occasion ' || n, '', '2027-06-01', '2027-06-02', 'UTC', '', '', '[]', '', CAST(${at} AS text), CAST(${at} AS text) FROM counter`);
  await run(sql`INSERT INTO "occasionOrigin" ("occasionId", "origin", "position")
    ${counter(OTHER_OCCASIONS * 2)} SELECT 'seed-o' || ((n - 1) / 2 + 1), 'https://o' || n || '.example', (n - 1) % 2 FROM counter`);
  await run(sql`INSERT INTO "activity" ("id", "occasionId", "name", "description", "startsAt", "locationName", "address", "dressCode", "mealOptions", "sortOrder")
    ${counter(OTHER_OCCASIONS * 2)} SELECT 'seed-a' || n, 'seed-o' || ((n - 1) / 2 + 1), 'Activity', '', '2027-06-01T1' || ((n - 1) % 2) || ':00:00.000Z', '', '', '', '[]', (n - 1) % 2 FROM counter`);
  // Households 1–5,000 in the fixture's occasion, the rest spread over the others.
  await run(sql`INSERT INTO "household" ("id", "occasionId", "name", "addressLine1", "addressLine2", "city", "state", "postalCode", "country", "phone", "email", "notes", "inviteCode", "createdAt", "updatedAt")
    ${counter(SEEDED_HOUSEHOLDS)} SELECT 'seed-h' || n, CASE WHEN n <= ${sql.lit(BIG_OCCASION_HOUSEHOLDS)} THEN CAST(${f.occasionId} AS text) ELSE 'seed-o' || (n % ${sql.lit(OTHER_OCCASIONS)} + 1) END,
      'Household ' || n, '', '', '', '', '', '', '', '', '', 'SEED-' || n, CAST(${at} AS text), CAST(${at} AS text) FROM counter`);
  await run(sql`INSERT INTO "guest" ("id", "occasionId", "householdId", "firstName", "lastName", "nameKey", "email", "phone", "ageGroup", "plusOneAllowed", "dietaryNotes", "attributes", "notes", "createdAt", "updatedAt")
    ${counter(SEEDED_HOUSEHOLDS * 3)} SELECT 'seed-g' || n, h."occasionId", h."id", 'Guest', 'Number ' || n, 'guest number ' || n, '', '', 'ADULT', 0, '', '{}', '', CAST(${at} AS text), CAST(${at} AS text)
      FROM counter JOIN "household" h ON h."id" = 'seed-h' || ((n - 1) / 3 + 1)`);
  // Every seeded guest to two activities of their occasion (the fixture's ceremony and dinner).
  await run(sql`INSERT INTO "inviteLine" ("id", "occasionId", "guestId", "activityId", "response", "mealChoice", "respondedAt", "respondedBy")
    SELECT g."id" || a."id", g."occasionId", g."id", a."id", 'PENDING', NULL, NULL, NULL
      FROM "guest" g JOIN "activity" a ON a."occasionId" = g."occasionId" AND a."id" <> CAST(${f.activities.brunch} AS text) WHERE g."id" LIKE 'seed-g%'`);
  await run(sql`INSERT INTO "rsvp" ("id", "occasionId", "householdId", "message", "submittedAt", "updatedAt")
    SELECT 'seed-r' || substr(h."id", 7), h."occasionId", h."id", '', CAST(${at} AS text), CAST(${at} AS text) FROM "household" h WHERE h."id" LIKE 'seed-h%' AND CAST(substr(h."id", 7) AS integer) % 2 = 0`);
  await run(sql`INSERT INTO "guestSession" ("tokenHash", "occasionId", "householdId", "guestId", "platform", "createdAt", "expiresAt")
    SELECT 'seed-t' || g."id", g."occasionId", g."householdId", g."id", NULL, CAST(${at} AS text), '2099-01-01T00:00:00.000Z' FROM "guest" g WHERE g."id" LIKE 'seed-g%'`);
  await run(sql`INSERT INTO "question" ("id", "occasionId", "activityId", "kind", "prompt", "helpText", "options", "scope", "required", "sortOrder", "createdAt", "updatedAt")
    ${counter(OTHER_OCCASIONS)} SELECT 'seed-q' || n, 'seed-o' || n, NULL, 'SHORT_TEXT', 'Why?', '', '[]', 'HOUSEHOLD', 0, 0, CAST(${at} AS text), CAST(${at} AS text) FROM counter`);
  await run(sql`INSERT INTO "answer" ("id", "occasionId", "questionId", "householdId", "guestId", "value", "updatedAt")
    SELECT 'seed-q' || substr(r."occasionId", 7) || r."householdId", r."occasionId", 'seed-q' || substr(r."occasionId", 7), r."householdId", NULL, '"Because"', CAST(${at} AS text)
      FROM "rsvp" r WHERE r."occasionId" LIKE 'seed-o%'`);
  await run(sql`INSERT INTO "historyEntry" ("id", "occasionId", "at", "actorKind", "actorId", "actorName", "entity", "entityId", "action", "householdId", "guestId", "activityId", "subjectName", "changes")
    SELECT 'seed-e' || r."id", r."occasionId", CAST(${at} AS text), 'GUEST', 'x', 'Guest', 'RSVP', r."id", 'CREATE', r."householdId", NULL, NULL, 'Household', '{}' FROM "rsvp" r WHERE r."id" LIKE 'seed-r%'`);
  await run(sql`INSERT INTO "historyGuestHousehold" ("occasionId", "guestId", "householdId")
    SELECT g."occasionId", g."id", g."householdId" FROM "guest" g WHERE g."id" LIKE 'seed-g%'`);
  await run(sql`INSERT INTO "email" ("id", "occasionId", "householdId", "kind", "to", "subject", "html", "text", "attachments", "status", "attempts", "nextAttemptAt", "unsubscribeToken", "createdAt", "sentAt")
    SELECT 'seed-m' || h."id", h."occasionId", h."id", 'INVITATION', 'guest@example.com', 'Invitation', '', '', '[]', 'SENT', 1, CAST(${at} AS text), 'seed-u' || h."id", CAST(${at} AS text), CAST(${at} AS text) FROM "household" h WHERE h."id" LIKE 'seed-h%'`);
}
