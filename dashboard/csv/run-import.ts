/**
 * The writes of an import, in order, with progress: one guest bulk call (per 10,000 rows), the
 * household addresses, one invite-line bulk call, one answer bulk call. All or nothing: should a
 * step fail, what the earlier ones wrote is taken back.
 */
import type { GuestBulkBody } from '../../core/client/bodies';
import type { Answer } from '../../core/schemas/answer';
import type { Guest } from '../../core/schemas/guest';
import type { Household } from '../../core/schemas/household';
import { plural } from '../components/format';
import { serverErrors } from '../components/form-errors';
import type { Kindly } from '../data/kindly';
import { chunk, GUESTS_PER_CALL, sendInviteLines } from '../guests/bulk-writes';
import { answersAfterImport, householdUpdatesAfterImport, inviteLinesAfterImport, type ImportPlan } from './import-plan';
import type { ImportAddress } from './import-rows';
import { undoImport } from './undo-import';

/** How far the writes are: `done` of `total` steps, and what is being done. */
export interface ImportProgress {
  label: string;
  done: number;
  total: number;
}

/** What an import writes to, and where it tells its progress. */
export interface ImportTarget {
  kindly: Kindly;
  occasionId: string;
  /** The occasion as the rows were checked against it (what a failed import is put back to). */
  before: { guests: readonly Guest[]; households: readonly Household[]; answers: readonly Answer[] };
  onProgress(progress: ImportProgress): void;
}

/** The import's end: what it did, or why nothing (or not all) of it stayed. */
export type ImportOutcome = { summary: string } | { problem: string };

/** A step's failure, as the host reads it after "Nothing was imported: ". */
class StepFailed extends Error {}

/** What the steps have written so far: what a failure takes back. */
interface Written {
  guests: Guest[];
  savedHouseholds: { householdId: string; body: ImportAddress }[];
}

function progressOf(plan: ImportPlan, onProgress: ImportTarget['onProgress']) {
  const total = Math.ceil(plan.guests.length / GUESTS_PER_CALL) + plan.addresses.size + 1;
  let done = 0;
  return {
    advance: (steps = 1) => (done += steps),
    show: (label: string) => onProgress({ label, done, total }),
  };
}
type Progress = ReturnType<typeof progressOf>;

/** The guest bulk calls: guests, households created by name, plus-one links. Answers the counts. */
async function addGuests(plan: ImportPlan, target: ImportTarget, written: Written, progress: Progress): Promise<{ created: number; updated: number }> {
  progress.show(`Adding ${plural(plan.guests.length, 'guest')}…`);
  let created = 0;
  let updated = 0;
  for (const part of chunk(plan.guests, GUESTS_PER_CALL)) {
    // The rows were checked with core's GuestUpsertSchema in the preview.
    const body = { guests: part as GuestBulkBody['guests'] };
    const result = await target.kindly.stores.$upsertGuests.mutate({ occasionId: target.occasionId, body, source: 'import' });
    if (result.error) {
      const failure = serverErrors(result.error);
      const where = Object.keys(failure.errors).find((path) => /^guests\.\d+/.test(path));
      const row = where ? plan.guests.indexOf(part[Number(where.split('.')[1])]!) : -1;
      throw new StepFailed(`${failure.message}${row >= 0 ? ` (guest ${row + 1} of the import)` : ''}`);
    }
    written.guests.push(...result.data.guests);
    created += result.data.created;
    updated += result.data.updated;
    progress.advance();
    progress.show(`Added ${plural(written.guests.length, 'guest')}.`);
  }
  return { created, updated };
}

/** The addresses, to the households the bulk call found or created (six at a time). */
async function saveAddresses(plan: ImportPlan, target: ImportTarget, written: Written, progress: Progress): Promise<void> {
  const { kindly, occasionId } = target;
  const households = await kindly.client.listHouseholds(occasionId);
  const updates = householdUpdatesAfterImport(plan, written.guests, households.data ?? target.before.households);
  progress.advance(plan.addresses.size - updates.length);
  const failed: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < updates.length) {
      const update = updates[next++]!;
      const result = await kindly.client.updateHousehold(occasionId, update.householdId, update.body);
      if (result.error) failed.push(`${update.name} (${serverErrors(result.error).message})`);
      else written.savedHouseholds.push(update);
      progress.advance();
      progress.show(`Saving addresses (${Math.min(next, updates.length)} of ${updates.length})…`);
    }
  };
  await Promise.all(Array.from({ length: Math.min(6, updates.length) }, worker));
  kindly.stores.markStale(['Household']);
  if (failed.length > 0) throw new StepFailed(`the address of ${plural(failed.length, 'household')} could not be saved: ${failed.slice(0, 3).join(', ')}.`);
}

/** One invite-line bulk call for the invitations the file states. Answers how many were recorded. */
async function recordInvitations(plan: ImportPlan, target: ImportTarget, written: Written, progress: Progress): Promise<number> {
  const lines = inviteLinesAfterImport(plan, written.guests);
  if (lines.length === 0) return 0;
  progress.show(`Recording ${plural(lines.length, 'invitation')}…`);
  const result = await sendInviteLines(target.kindly, target.occasionId, lines);
  if (result.error) throw new StepFailed(`the invitations could not be saved: ${serverErrors(result.error).message}`);
  return lines.length;
}

/** One answer bulk call for the answers to questions the file states. Answers how many were recorded. */
async function recordAnswers(plan: ImportPlan, target: ImportTarget, written: Written, progress: Progress): Promise<number> {
  const answers = answersAfterImport(plan, written.guests, target.before.answers);
  if (answers.length === 0) return 0;
  progress.show(`Recording ${plural(answers.length, 'answer')}…`);
  const body = { answers };
  const result = await target.kindly.stores.$updateAnswers.mutate({ occasionId: target.occasionId, body, source: 'import' });
  if (result.error) throw new StepFailed(`the answers could not be saved: ${serverErrors(result.error).message}`);
  return answers.length;
}

/** Takes back what was written; answers the problem the host reads. */
async function takeBack(why: string, target: ImportTarget, written: Written, progress: Progress): Promise<string> {
  progress.show('Something failed: taking back what was written…');
  const { guests, households } = target.before;
  const done = { written: written.guests, before: { guests, households }, savedHouseholds: written.savedHouseholds };
  const left = written.guests.length > 0 ? await undoImport(target.kindly, target.occasionId, done) : [];
  return left.length === 0
    ? `Nothing was imported: ${why}`
    : `The import failed (${why}) and could not be fully taken back: ${left.join('; ')}. Check the guest list.`;
}

/** Writes the plan; `leftOut` is the number of the file's rows the plan leaves out. */
export async function runImport(plan: ImportPlan, leftOut: number, target: ImportTarget): Promise<ImportOutcome> {
  const progress = progressOf(plan, target.onProgress);
  const written: Written = { guests: [], savedHouseholds: [] };
  try {
    const { created, updated } = await addGuests(plan, target, written, progress);
    await saveAddresses(plan, target, written, progress);
    const invitations = await recordInvitations(plan, target, written, progress);
    const answers = await recordAnswers(plan, target, written, progress);
    const notes = [
      `${plural(created, 'guest')} added, ${plural(updated - plan.referenceRows, 'guest')} updated.`,
      invitations > 0 ? `${plural(invitations, 'invitation')} recorded.` : '',
      answers > 0 ? `${plural(answers, 'answer')} recorded.` : '',
      leftOut > 0 ? `${plural(leftOut, 'row')} left out.` : '',
    ];
    return { summary: notes.filter(Boolean).join(' ') };
  } catch (error) {
    if (!(error instanceof StepFailed)) throw error;
    return { problem: await takeBack(error.message, target, written, progress) };
  }
}
