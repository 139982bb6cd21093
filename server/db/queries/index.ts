import { PostgresAdapter, sql, type Insertable, type Kysely } from 'kysely';
import { GUEST_FIELDS, type Database, type GuestTable, type HistoryEntryTable } from '../schema';
import { isMemberOf, lineActivity, lineGuest } from './household-lines';
import { keptWhileUnchanged } from './kept';
import { prepared } from './prepared';

/** Sessions whose lookups are kept: those in use at once are far fewer; the bound caps the memory all the same. */
const KEPT_SESSIONS = 10_000;

/**
 * The statements of the hottest requests (a session's lookup, one guest's read, an RSVP's write
 * and read back), compiled once per database when it opens ({@link prepareQueries}) and called as
 * plain functions with named parameters: `queries.guestById(db, { guestId })`. Everything else
 * builds its query with Kysely where it is used.
 */

/** A guest's columns but its search key. */
export const GUEST_COLUMNS = ['id', 'occasionId', ...GUEST_FIELDS, 'createdAt', 'updatedAt'] as const satisfies ReadonlyArray<Exclude<keyof GuestTable, 'nameKey'>>;

/**
 * The occasion's revision: the sum of its counters (see `OccasionRevisionTable`), read by the
 * primary key's index; 0 for an occasion without counters.
 */
function revisionOf(occasionId: 'guestSession.occasionId' | 'occasion.id' | 'occasionRole.occasionId') {
  return sql<number | string>`(SELECT coalesce(sum(r."count"), 0) FROM "occasionRevision" r WHERE r."occasionId" = ${sql.ref(occasionId)})`;
}

/** A history row's columns as written (its `seq` is the database's). */
export const HISTORY_COLUMNS = [
  'id',
  'occasionId',
  'at',
  'actorKind',
  'actorId',
  'actorName',
  'entity',
  'entityId',
  'action',
  'householdId',
  'guestId',
  'activityId',
  'subjectName',
  'changes',
] as const satisfies ReadonlyArray<Exclude<keyof HistoryEntryTable, 'seq'>>;

export const queries = {
  /**
   * A guest session by its token's hash, with what the routes need of its occasion (only those
   * columns: each costs). Kept while the embedded database is unchanged ({@link keptWhileUnchanged}):
   * every guest request starts with it.
   */
  guestSession: keptWhileUnchanged(
    prepared((db, p: { tokenHash: string }) =>
      db
        .selectFrom('guestSession')
        .innerJoin('guest', (join) => join.onRef('guest.id', '=', 'guestSession.guestId').onRef('guest.householdId', '=', 'guestSession.householdId'))
        .innerJoin('occasion', 'occasion.id', 'guestSession.occasionId')
        .select(['guestSession.occasionId', 'guestSession.householdId', 'guestSession.guestId', 'guestSession.expiresAt', 'occasion.allowedOrigins', 'occasion.rsvpDeadline'])
        .select(revisionOf('guestSession.occasionId').as('revision'))
        .where('guestSession.tokenHash', '=', p.tokenHash),
    ),
    (p) => p.tokenHash,
    KEPT_SESSIONS,
  ),

  /** A host session, kept like the guest's: every host request starts with it. */
  hostSession: keptWhileUnchanged(
    prepared((db, p: { sessionId: string }) => db.selectFrom('hostSession').select(['accountId', 'expiresAt', 'secondFactor']).where('id', '=', p.sessionId)),
    (p) => p.sessionId,
    KEPT_SESSIONS,
  ),

  /**
   * A host session, with its account's role on the occasion, the occasion's revision and whether
   * it requires two-factor sign-in (all null without a role); kept like the guest's.
   */
  hostSessionWithOccasion: keptWhileUnchanged(
    prepared((db, p: { sessionId: string; occasionId: string }) =>
      db
        .selectFrom('hostSession')
        .leftJoin('occasionRole', (join) => join.on('occasionRole.occasionId', '=', p.occasionId).onRef('occasionRole.accountId', '=', 'hostSession.accountId'))
        .leftJoin('occasion', 'occasion.id', 'occasionRole.occasionId')
        .select(['hostSession.accountId', 'hostSession.expiresAt', 'hostSession.secondFactor', 'occasionRole.role', 'occasion.requireTwoFactor'])
        .select(revisionOf('occasionRole.occasionId').as('revision'))
        .where('hostSession.id', '=', p.sessionId),
    ),
    (p) => `${p.sessionId}\u0000${p.occasionId}`,
    KEPT_SESSIONS,
  ),

  /** The occasion's revision and the account's role there; no row without a role. */
  ownedOccasionRevision: prepared((db, p: { occasionId: string; accountId: string }) =>
    db
      .selectFrom('occasionRole')
      .select('occasionRole.role')
      .select(revisionOf('occasionRole.occasionId').as('revision'))
      .where('occasionRole.occasionId', '=', p.occasionId)
      .where('occasionRole.accountId', '=', p.accountId),
  ),

  occasionById: prepared((db, p: { occasionId: string }) => db.selectFrom('occasion').selectAll().where('id', '=', p.occasionId)),

  guestById: prepared((db, p: { guestId: string }) => db.selectFrom('guest').select(GUEST_COLUMNS).where('id', '=', p.guestId)),

  /** A guest's invite lines in activity order. */
  linesOfGuest: prepared((db, p: { guestId: string }) =>
    db
      .selectFrom('inviteLine')
      .innerJoin('activity', 'activity.id', 'inviteLine.activityId')
      .select(['inviteLine.id', 'inviteLine.activityId', 'inviteLine.response', 'inviteLine.mealChoice'])
      .where('inviteLine.guestId', '=', p.guestId)
      .orderBy('activity.startsAt')
      .orderBy('activity.sortOrder')
      .orderBy('activity.id'),
  ),

  /** The occasion's questions by sort order, then age. */
  questionsOfOccasion: prepared((db, p: { occasionId: string }) =>
    db.selectFrom('question').selectAll().where('occasionId', '=', p.occasionId).orderBy('sortOrder').orderBy('createdAt').orderBy('id'),
  ),

  guestName: prepared((db, p: { guestId: string }) => db.selectFrom('guest').select(['firstName', 'lastName']).where('id', '=', p.guestId)),

  accountName: prepared((db, p: { accountId: string }) => db.selectFrom('account').select(['firstName', 'lastName']).where('id', '=', p.accountId)),

  rsvpOfHousehold: prepared((db, p: { householdId: string }) => db.selectFrom('rsvp').selectAll().where('householdId', '=', p.householdId)),

  /**
   * Marks the reply changed now, and returns it. Who answered is set apart, only when another
   * member answers: in the same statement SQLite rewrote its index entry on every change (one
   * page of the ~15 a PUT writes), though mostly the same guest answers again.
   */
  touchRsvp: prepared((db, p: { householdId: string; updatedAt: string }) =>
    db.updateTable('rsvp').set({ updatedAt: p.updatedAt }).where('householdId', '=', p.householdId).returningAll(),
  ),

  setRsvpAnsweredBy: prepared((db, p: { rsvpId: string; guestId: string }) => db.updateTable('rsvp').set({ answeredByGuestId: p.guestId }).where('id', '=', p.rsvpId)),

  setRsvpMessage: prepared((db, p: { rsvpId: string; message: string }) => db.updateTable('rsvp').set({ message: p.message }).where('id', '=', p.rsvpId)),

  /** A household's members (and its name) in the order its reply lists them. */
  householdMembers: prepared((db, p: { householdId: string; occasionId: string }) =>
    db
      .selectFrom('guest')
      .innerJoin('household', 'household.id', 'guest.householdId')
      .select(['guest.id', 'guest.firstName', 'guest.lastName', 'guest.plusOneAllowed', 'guest.plusOneOf', 'household.name as householdName'])
      .where('guest.householdId', '=', p.householdId)
      .where('guest.occasionId', '=', p.occasionId)
      .orderBy('guest.createdAt')
      .orderBy('guest.id'),
  ),

  /** The occasion's activities in the order a reply lists them. */
  occasionActivities: prepared((db, p: { occasionId: string }) =>
    db.selectFrom('activity').select(['id', 'name', 'mealOptions']).where('occasionId', '=', p.occasionId).orderBy('startsAt').orderBy('sortOrder').orderBy('id'),
  ),

  /**
   * The invite lines of a household's members (see {@link isMemberOf}). The household is the
   * session's, so in its occasion; an occasion filter here would lead SQLite to scan every line of
   * the occasion.
   */
  householdLines: prepared((db, p: { householdId: string }) =>
    db
      .selectFrom('inviteLine')
      .select(['inviteLine.id', 'inviteLine.guestId', 'inviteLine.activityId', 'inviteLine.response', 'inviteLine.mealChoice', 'inviteLine.respondedBy'])
      .where(isMemberOf(db, 'inviteLine.guestId', p.householdId)),
  ),

  /** Every line of a household's members, in the activities' time order: the household as guests see it. */
  householdInvitations: prepared((db, p: { householdId: string }) =>
    db
      .selectFrom('inviteLine')
      .select(['inviteLine.guestId', 'inviteLine.activityId', 'inviteLine.response', 'inviteLine.mealChoice'])
      .where(isMemberOf(db, 'inviteLine.guestId', p.householdId))
      .orderBy((eb) => lineActivity(eb, 'startsAt'))
      .orderBy((eb) => lineActivity(eb, 'sortOrder'))
      .orderBy('inviteLine.activityId'),
  ),

  /** A household's answered lines, by member then activity, as its reply lists them. */
  answeredLines: prepared((db, p: { householdId: string; attending: string; declined: string }) =>
    db
      .selectFrom('inviteLine')
      .select(['inviteLine.guestId', 'inviteLine.activityId', 'inviteLine.response', 'inviteLine.mealChoice'])
      .where(isMemberOf(db, 'inviteLine.guestId', p.householdId))
      .where('inviteLine.response', 'in', [p.attending, p.declined])
      .orderBy((eb) => lineGuest(eb, 'createdAt'))
      .orderBy('inviteLine.guestId')
      .orderBy((eb) => lineActivity(eb, 'startsAt'))
      .orderBy((eb) => lineActivity(eb, 'sortOrder'))
      .orderBy('inviteLine.activityId'),
  ),

  /** A household's members in the reply's order, with who each plus-one came with. */
  membersOfHousehold: prepared((db, p: { householdId: string }) =>
    db.selectFrom('guest').select(['id', 'plusOneOf', 'firstName', 'lastName']).where('householdId', '=', p.householdId).orderBy('createdAt').orderBy('id'),
  ),

  /** Every answer of a household: its own and its members' (see {@link isMemberOf}). */
  answersOfHousehold: prepared((db, p: { householdId: string }) =>
    db
      .selectFrom('answer')
      .selectAll()
      .where((eb) => eb.or([eb('answer.householdId', '=', p.householdId), isMemberOf(db, 'answer.guestId', p.householdId)])),
  ),

  /** Lines given one answer alike (`respondedBy` and `respondedAt` too): one statement per number of lines. */
  answerLinesAlike: prepared(
    (db, p: { ids: string[]; response: string; mealChoice: string | null; respondedBy: string; respondedAt: string }) =>
      db.updateTable('inviteLine').set({ response: p.response, mealChoice: p.mealChoice, respondedBy: p.respondedBy, respondedAt: p.respondedAt }).where('id', 'in', p.ids),
    { lists: true },
  ),

  /** Lines given each its own answer, through a `CASE` on the id: one statement per number of lines. */
  answerLinesEach: prepared(
    (db, p: { lines: Array<{ id: string; response: string; mealChoice: string | null }>; respondedBy: string; respondedAt: string }) =>
      db
        .updateTable('inviteLine')
        .set((eb) => {
          const caseOf = <K extends 'response' | 'mealChoice'>(field: K) => {
            const [head, ...rest] = p.lines;
            let choice = eb.case(eb.ref('id')).when(eb.val(head!.id)).then(eb.val(head![field]));
            for (const line of rest) choice = choice.when(eb.val(line.id)).then(eb.val(line[field]));
            return choice.else(eb.ref(field)).end();
          };
          return { response: caseOf('response'), mealChoice: caseOf('mealChoice'), respondedBy: eb.val(p.respondedBy), respondedAt: eb.val(p.respondedAt) };
        })
        .where('id', 'in', p.lines.map((line) => line.id)),
    { lists: true },
  ),

  /** History rows, on SQLite (PostgreSQL unpacks them from one JSON parameter instead). */
  insertHistoryRows: prepared(
    (db, p: { rows: Array<Insertable<HistoryEntryTable>> }) =>
      db.insertInto('historyEntry').values(p.rows.map((row) => Object.fromEntries(HISTORY_COLUMNS.map((column) => [column, row[column]])) as Insertable<HistoryEntryTable>)),
    { lists: true },
  ),

  /** Guest and household pairs of the history (each once: an existing pair is left as it is). */
  insertGuestHouseholds: prepared(
    (db, p: { pairs: Array<{ occasionId: string; guestId: string; householdId: string }> }) =>
      db
        .insertInto('historyGuestHousehold')
        .values(p.pairs.map((pair) => ({ occasionId: pair.occasionId, guestId: pair.guestId, householdId: pair.householdId })))
        .onConflict((conflict) => conflict.doNothing()),
    { lists: true },
  ),

  /** Where a reply's confirmation goes: the replying guest's address, else their household's. */
  confirmationAddresses: prepared((db, p: { guestId: string }) =>
    db
      .selectFrom('guest')
      .innerJoin('household', 'household.id', 'guest.householdId')
      .select(['guest.email as guestEmail', 'household.email as householdEmail'])
      .where('guest.id', '=', p.guestId),
  ),

  unsubscribedAddress: prepared((db, p: { occasionId: string; address: string }) =>
    db.selectFrom('emailUnsubscribe').select('address').where('occasionId', '=', p.occasionId).where('address', '=', p.address),
  ),

  /** A household's confirmation still queued unrendered to an address; on PostgreSQL locked, so the worker's claim waits. */
  waitingConfirmation: prepared((db, p: { householdId: string; kind: string; status: string; html: string; to: string }) => {
    const query = db
      .selectFrom('email')
      .select('id')
      .where('householdId', '=', p.householdId)
      .where('kind', '=', p.kind)
      .where('status', '=', p.status)
      .where('html', '=', p.html)
      .where('to', '=', p.to);
    return db.getExecutor().adapter instanceof PostgresAdapter ? query.forUpdate() : query;
  }),

  /** What a reply's confirmation needs of its occasion: its title, and its account (which may not email guests). */
  occasionOfReply: prepared((db, p: { occasionId: string }) => db.selectFrom('occasion').select(['id', 'title', 'accountId']).where('id', '=', p.occasionId)),

  emailTemplate: prepared((db, p: { occasionId: string; kind: string }) =>
    db.selectFrom('emailTemplate').select(['subject', 'intro']).where('occasionId', '=', p.occasionId).where('kind', '=', p.kind),
  ),

  memberIdsOfHousehold: prepared((db, p: { householdId: string }) =>
    db.selectFrom('guest').select('id').where('householdId', '=', p.householdId).orderBy('createdAt').orderBy('id'),
  ),
};

export { groupedTransaction, groupedWrite } from './grouped-transaction';

/** Compiles every statement of {@link queries} for a database as it opens. */
export function prepareQueries(db: Kysely<Database>): void {
  for (const query of Object.values(queries)) query.prepare(db);
}
