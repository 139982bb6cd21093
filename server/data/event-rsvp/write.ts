import type { Kysely, Transaction } from 'kysely';
import type { OptionEntry } from '../../../core/options/option-entry';
import { normaliseName, type Rsvp } from '../../../core/schemas/event';
import { inviteLineId, newId } from '../../db/ids';
import { groupedTransaction, queries } from '../../db/queries';
import type { Database } from '../../db/schema';
import { ApiError, notFound } from '../api-error';
import { IDS_PER_STATEMENT, chunked } from '../batch';
import { planRsvp, type Answer, type HouseholdRsvpState, type RsvpChange, type RsvpLine, type RsvpPlan } from '../event-rsvp-plan';
import { fullName, recordHistory, type HistoryActor, type HistoryChange } from '../history';
import { rsvpHistory } from '../history-changes';
import { readBool, readJsonColumn } from '../json-column';
import { applyRsvpAnswers, attendanceAfter, loadRsvpAnswers } from '../rsvp-answers';
import { RsvpHistory } from '../rsvp-history';
import { releaseSeats } from '../seat-releases';

/** Whose RSVP a write is. */
export interface RsvpOwner {
  occasionId: string;
  householdId: string;
}

/** Who writes it: the signed-in guest, named in the history of the write. */
export interface RsvpWriter extends RsvpOwner {
  guestId: string;
}


/** More of the same transaction after the answers are written (who replied, the confirmation email). */
export type AfterRsvpWrite = (trx: Transaction<Database>) => Promise<void>;

const rsvpExists = () =>
  new ApiError(409, 'RSVP_EXISTS', 'Your household has already replied. Change your reply instead.');

/**
 * `POST /event/v1/rsvp`: stores the household's first reply and its answers in one transaction.
 * The rsvp row goes in first, so of two replies at once the unique index on `householdId`
 * lets exactly one through; the other gets 409 `RSVP_EXISTS`.
 */
export async function createRsvp(
  db: Kysely<Database>,
  writer: RsvpWriter,
  change: RsvpChange,
  now: Date,
  afterWrite?: AfterRsvpWrite,
): Promise<Rsvp | undefined> {
  const owner: RsvpOwner = { occasionId: writer.occasionId, householdId: writer.householdId };
  try {
    return await groupedTransaction(db, async (trx) => {
      if ((await queries.rsvpOfHousehold(trx, owner)).length > 0) throw rsvpExists();
      const at = now.toISOString();
      const id = newId();
      const message = change.message ?? '';
      await trx.insertInto('rsvp').values({ id, ...owner, message, submittedAt: at, updatedAt: at, answeredByGuestId: writer.guestId }).execute();
      const parts = await writeAnswers(trx, writer, change, now, rsvpHistory(id, owner.householdId, undefined, { message }));
      await afterWrite?.(trx);
      return parts && wholeReply(parts, message, at, at);
    });
  } catch (error) {
    if (!(error instanceof ApiError) && (await queries.rsvpOfHousehold(db, owner)).length > 0) throw rsvpExists();
    throw error;
  }
}

/**
 * `PUT /event/v1/rsvp`: changes the reply in one transaction; 404 before there is one. Answers
 * the reply as this write leaves it (see {@link writeAnswers}), or undefined when it must be
 * read back after the commit.
 */
export async function updateRsvp(
  db: Kysely<Database>,
  writer: RsvpWriter,
  change: RsvpChange,
  now: Date,
  afterWrite?: AfterRsvpWrite,
): Promise<Rsvp | undefined> {
  const owner: RsvpOwner = { occasionId: writer.occasionId, householdId: writer.householdId };
  return groupedTransaction(db, async (trx) => {
    // Updating the row first also locks it, so two changes of one household run one after the
    // other; the message it returns (unchanged by it) is the one this change replaces.
    const [before] = await queries.touchRsvp(trx, { householdId: owner.householdId, updatedAt: now.toISOString() });
    if (!before) throw notFound('Your household has not replied yet.');
    if (before.answeredByGuestId !== writer.guestId) await queries.setRsvpAnsweredBy(trx, { rsvpId: before.id, guestId: writer.guestId });
    const message = change.message ?? before.message;
    if (message !== before.message) await queries.setRsvpMessage(trx, { rsvpId: before.id, message });
    const parts = await writeAnswers(trx, writer, change, now, rsvpHistory(before.id, owner.householdId, before, { message }));
    await afterWrite?.(trx);
    return parts && wholeReply(parts, message, before.submittedAt, before.updatedAt);
  });
}

/** The parts of the reply a write changes, as {@link loadRsvp} would read them after it. */
type ReplyParts = Pick<Rsvp, 'responses' | 'plusOnes' | 'answers'>;

/** The reply from a write's parts and the reply row's own fields, in {@link loadRsvp}'s key order. */
function wholeReply(parts: ReplyParts, message: string, submittedAt: string, updatedAt: string): Rsvp {
  return { responses: parts.responses, plusOnes: parts.plusOnes, message, answers: parts.answers, submittedAt, updatedAt };
}

/**
 * Writes the answers, plus-ones and question answers of a reply and answers those parts as they
 * stand once it commits: worked out from the rows the write read (in the order {@link loadRsvp}
 * reads them: members by age, then id; activities by start, place, id) and what it changed,
 * instead of six more statements after the commit. Question answers are read back (inside the
 * transaction) only when the household is asked questions; with none, no answer of theirs can
 * remain. Undefined when the write added plus-ones: their order among the members is the
 * database's, so the route reads the reply back.
 */
async function writeAnswers(
  trx: Transaction<Database>,
  writer: RsvpWriter,
  change: RsvpChange,
  now: Date,
  rsvpChange: HistoryChange,
): Promise<ReplyParts | undefined> {
  const owner: RsvpOwner = { occasionId: writer.occasionId, householdId: writer.householdId };
  const state = await loadHouseholdState(trx, owner);
  const plan = planRsvp(state, change);
  const history = new RsvpHistory(state, { subjectName: state.householdName, ...rsvpChange });
  const writerRow = state.members.get(writer.guestId);
  const actor: HistoryActor = { kind: 'GUEST', id: writer.guestId, ...(writerRow && { name: fullName(writerRow) }) };
  const answerGroups = changedAnswerGroups(state.lines, plan.answers);
  await applyPlan(trx, owner, plan, answerGroups, now, history);
  await releaseSeatsLeft(trx, owner, state.lines, answerGroups, now);
  const questions = await applyRsvpAnswers(trx, owner, actor, state, attendanceAfter(state, plan), change.answers, now);
  await recordHistory(trx, owner.occasionId, actor, history.changes);
  if (plan.newPlusOnes.length > 0) return undefined;
  const { responses, plusOnes, memberIds } = replyAfter(state, plan);
  return { responses, plusOnes, answers: questions.length === 0 ? [] : await loadRsvpAnswers(trx, owner, memberIds, questions) };
}

/**
 * The household's answered invitations and plus-ones once `plan` (which adds no plus-one) is
 * applied: removed plus-ones are gone with their lines, renamed ones carry their new names, and
 * every line holds its new answer or keeps its stored one.
 */
function replyAfter(
  state: Pick<HouseholdRsvpState, 'members' | 'lines'> & { activityOrder: ReadonlyMap<string, number> },
  plan: Pick<RsvpPlan, 'answers' | 'removedPlusOnes' | 'renamedPlusOnes'>,
): Pick<Rsvp, 'responses' | 'plusOnes'> & { memberIds: string[] } {
  const removed = new Set(plan.removedPlusOnes);
  const renamed = new Map(plan.renamedPlusOnes.map((plusOne) => [plusOne.id, plusOne]));
  const memberOrder = new Map<string, number>();
  const plusOnes: Rsvp['plusOnes'] = [];
  for (const member of state.members.values()) {
    if (removed.has(member.id)) continue;
    memberOrder.set(member.id, memberOrder.size);
    // A plus-one's guest removed here would leave it no longer one (the foreign key sets null).
    if (!member.plusOneOf || removed.has(member.plusOneOf)) continue;
    const name = renamed.get(member.id) ?? member;
    plusOnes.push({ forGuestId: member.plusOneOf, firstName: name.firstName, lastName: name.lastName });
  }
  const answered: Array<{ member: number; activity: number; line: Rsvp['responses'][number] }> = [];
  for (const line of state.lines) {
    const member = memberOrder.get(line.guestId);
    if (member === undefined) continue;
    const { response, mealChoice } = plan.answers.get(line.id) ?? line;
    if (response !== 'ATTENDING' && response !== 'DECLINED') continue;
    answered.push({ member, activity: state.activityOrder.get(line.activityId)!, line: { guestId: line.guestId, activityId: line.activityId, response, mealChoice } });
  }
  answered.sort((a, b) => a.member - b.member || a.activity - b.activity);
  return { responses: answered.map((entry) => entry.line), plusOnes, memberIds: [...memberOrder.keys()] };
}

/**
 * The household's members (and its name), their invite lines and those lines' activities, with
 * each activity's place in the occasion's order. Members are in the reply's order.
 */
async function loadHouseholdState(
  db: Kysely<Database>,
  owner: RsvpOwner,
): Promise<HouseholdRsvpState & { lines: HouseholdLine[]; householdName?: string; activityOrder: Map<string, number> }> {
  const members = await queries.householdMembers(db, owner);
  const lines: HouseholdLine[] = await queries.householdLines(db, owner);
  const invited = new Set(lines.map((line) => line.activityId));
  // The occasion's few activities in one lookup, rather than a new `in` list per household.
  const activities = invited.size === 0 ? [] : (await queries.occasionActivities(db, owner)).filter((a) => invited.has(a.id));
  return {
    householdName: members[0]?.householdName,
    members: new Map(members.map(({ householdName: _name, ...m }) => [m.id, { ...m, plusOneAllowed: readBool(m.plusOneAllowed) }])),
    lines,
    activities: new Map(activities.map((a) => [a.id, { id: a.id, name: a.name, enabledMeals: enabledMeals(a.mealOptions) }])),
    activityOrder: new Map(activities.map((a, index) => [a.id, index])),
  };
}

function enabledMeals(column: string): Set<string> {
  return new Set(readJsonColumn<OptionEntry[]>(column, []).filter((option) => !option.disabled).map((option) => option.value));
}

type HouseholdLine = RsvpLine & { respondedBy: string | null };

/**
 * The answers that change a line, grouped by answer so that each group is one statement: a line
 * the guest already answered the same way is left as it is (and keeps its `respondedAt`).
 */
function changedAnswerGroups(lines: readonly HouseholdLine[], answers: ReadonlyMap<string, Answer>): Array<{ answer: Answer; lineIds: string[] }> {
  const current = new Map(lines.map((line) => [line.id, line]));
  const groups = new Map<string, { answer: Answer; lineIds: string[] }>();
  for (const [lineId, answer] of answers) {
    const line = current.get(lineId);
    if (line && line.respondedBy === 'GUEST' && line.response === answer.response && line.mealChoice === answer.mealChoice) continue;
    const key = `${answer.response}\u0000${answer.mealChoice ?? '\u0000'}`;
    const group = groups.get(key);
    if (group) group.lineIds.push(lineId);
    else groups.set(key, { answer, lineIds: [lineId] });
  }
  return [...groups.values()];
}

/** Frees the seats of lines this reply answered other than `ATTENDING` (the lines hold the write's locks). */
async function releaseSeatsLeft(
  trx: Transaction<Database>,
  owner: RsvpOwner,
  lines: readonly HouseholdLine[],
  answerGroups: ReadonlyArray<{ answer: Answer; lineIds: string[] }>,
  now: Date,
): Promise<void> {
  const byId = new Map(lines.map((line) => [line.id, line]));
  const left = answerGroups.filter(({ answer }) => answer.response !== 'ATTENDING').flatMap(({ lineIds }) => lineIds.flatMap((id) => byId.get(id) ?? []));
  await releaseSeats(trx, owner.occasionId, { lines: left }, 'noLongerAttending', now.toISOString());
}

async function applyPlan(
  trx: Transaction<Database>,
  owner: RsvpOwner,
  plan: RsvpPlan,
  answerGroups: ReadonlyArray<{ answer: Answer; lineIds: string[] }>,
  now: Date,
  history: RsvpHistory,
): Promise<void> {
  const at = now.toISOString();
  // A seat is freed, with a notice for the host, where a guest stops attending.
  await releaseSeats(trx, owner.occasionId, { guestIds: plan.removedPlusOnes }, 'removing', at);
  for (const id of plan.removedPlusOnes) {
    history.plusOneRemoved(id);
    await trx.deleteFrom('guest').where('id', '=', id).where('householdId', '=', owner.householdId).execute();
  }
  for (const { id, firstName, lastName } of plan.renamedPlusOnes) {
    history.plusOneRenamed(id, firstName, lastName);
    await trx
      .updateTable('guest')
      .set({ firstName, lastName, nameKey: normaliseName(`${firstName} ${lastName}`), updatedAt: at })
      .where('id', '=', id)
      .where('householdId', '=', owner.householdId)
      .execute();
  }
  for (const { answer, lineIds } of answerGroups) history.answered(lineIds, answer);
  await answerLines(trx, answerGroups, at);
  for (const plusOne of plan.newPlusOnes) history.plusOneAdded(await insertPlusOne(trx, owner, plusOne, at), plusOne);
}

/**
 * Lines answered per line in one statement: alike when every line takes the same answer, else a
 * `CASE` on the id (both prepared once per number of lines).
 */
async function answerLines(trx: Transaction<Database>, groups: ReadonlyArray<{ answer: Answer; lineIds: string[] }>, at: string): Promise<void> {
  const lines = groups.flatMap(({ answer, lineIds }) => lineIds.map((id) => ({ id, response: answer.response, mealChoice: answer.mealChoice })));
  for (const chunk of chunked(lines, IDS_PER_STATEMENT / 5)) {
    const [first] = chunk;
    const same = chunk.every((line) => line.response === first!.response && line.mealChoice === first!.mealChoice);
    if (same) {
      const { response, mealChoice } = first!;
      await queries.answerLinesAlike(trx, { ids: chunk.map((line) => line.id), response, mealChoice, respondedBy: 'GUEST', respondedAt: at });
    } else {
      await queries.answerLinesEach(trx, { lines: chunk, respondedBy: 'GUEST', respondedAt: at });
    }
  }
}

async function insertPlusOne(
  trx: Transaction<Database>,
  owner: RsvpOwner,
  plusOne: RsvpPlan['newPlusOnes'][number],
  at: string,
): Promise<string> {
  const guestId = newId();
  await trx
    .insertInto('guest')
    .values({
      id: guestId,
      ...owner,
      firstName: plusOne.firstName,
      lastName: plusOne.lastName,
      nameKey: normaliseName(`${plusOne.firstName} ${plusOne.lastName}`),
      email: '',
      phone: '',
      ageGroup: 'ADULT',
      plusOneAllowed: 0,
      plusOneOf: plusOne.forGuestId,
      dietaryNotes: '',
      attributes: '{}',
      notes: '',
      createdAt: at,
      updatedAt: at,
    })
    .execute();
  if (plusOne.answers.length === 0) return guestId;
  await trx
    .insertInto('inviteLine')
    .values(
      plusOne.answers.map((answer) => ({
        id: inviteLineId(guestId, answer.activityId),
        occasionId: owner.occasionId,
        guestId,
        activityId: answer.activityId,
        response: answer.response,
        mealChoice: answer.mealChoice,
        respondedBy: 'GUEST',
        respondedAt: at,
      })),
    )
    .execute();
  return guestId;
}
