import type { Kysely } from 'kysely';
import type { Rsvp } from '../../../core/schemas/event';
import type { Database } from '../../db/schema';
import { loadRsvpAnswers } from '../rsvp-answers';
import { selectAnsweredLines, selectMemberIds, selectPlusOnes, selectRsvpRow } from './queries';
import type { RsvpOwner } from './write';

/**
 * The household's reply as guests see it: the answered invitations of every member, the
 * plus-ones by the guest they came with, and the message. Undefined before the first reply.
 */
export async function loadRsvp(db: Kysely<Database>, owner: RsvpOwner): Promise<Rsvp | undefined> {
  const [row] = await selectRsvpRow(db, owner.householdId);
  if (!row) return undefined;
  const [lines, plusOnes, members] = await Promise.all([
    selectAnsweredLines(db, owner.householdId, 'ATTENDING', 'DECLINED'),
    selectPlusOnes(db, owner.householdId),
    selectMemberIds(db, owner.householdId),
  ]);
  return {
    responses: lines.map((line) => ({ ...line, response: line.response as 'ATTENDING' | 'DECLINED' })),
    plusOnes: plusOnes.map((p) => ({ forGuestId: p.plusOneOf!, firstName: p.firstName, lastName: p.lastName })),
    message: row.message,
    answers: await loadRsvpAnswers(db, owner, members.map((member) => member.id)),
    submittedAt: row.submittedAt,
    updatedAt: row.updatedAt,
  };
}
