import type { Kysely } from 'kysely';
import type { Rsvp } from '../../../core/schemas/event';
import { queries } from '../../db/queries';
import type { Database } from '../../db/schema';
import { loadRsvpAnswers } from '../rsvp-answers';
import type { RsvpOwner } from './write';

/**
 * The household's reply as guests see it: the answered invitations of every member, the
 * plus-ones by the guest they came with, and the message. Undefined before the first reply.
 */
export async function loadRsvp(db: Kysely<Database>, owner: RsvpOwner): Promise<Rsvp | undefined> {
  const [row] = await queries.rsvpOfHousehold(db, owner);
  if (!row) return undefined;
  const [lines, plusOnes, members] = await Promise.all([
    queries.answeredLines(db, { householdId: owner.householdId, attending: 'ATTENDING', declined: 'DECLINED' }),
    queries.plusOnesOfHousehold(db, owner),
    queries.memberIdsOfHousehold(db, owner),
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
