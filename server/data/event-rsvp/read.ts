import type { Kysely } from 'kysely';
import type { Rsvp } from '../../../core/schemas/event';
import { queries } from '../../db/queries';
import type { Database } from '../../db/schema';
import { listQuestions } from '../questions';
import { orderedAnswers } from '../rsvp-answers';
import type { RsvpOwner } from './write';

/**
 * The household's reply as guests see it: the answered invitations of every member, the
 * plus-ones by the guest they came with, and the message. Undefined before the first reply.
 * After the reply's row, the rest is four reads side by side (on PostgreSQL on the pool's
 * connections at once), none waiting for another's answer.
 */
export async function loadRsvp(db: Kysely<Database>, owner: RsvpOwner): Promise<Rsvp | undefined> {
  const [row] = await queries.rsvpOfHousehold(db, owner);
  if (!row) return undefined;
  const [lines, members, answers, questions] = await Promise.all([
    queries.answeredLines(db, { householdId: owner.householdId, attending: 'ATTENDING', declined: 'DECLINED' }),
    queries.membersOfHousehold(db, owner),
    queries.answersOfHousehold(db, owner),
    listQuestions(db, owner.occasionId),
  ]);
  return {
    responses: lines.map((line) => ({ ...line, response: line.response as 'ATTENDING' | 'DECLINED' })),
    plusOnes: members.flatMap((m) => (m.plusOneOf ? [{ forGuestId: m.plusOneOf, firstName: m.firstName, lastName: m.lastName }] : [])),
    message: row.message,
    answers: orderedAnswers(answers, questions, members.map((member) => member.id)),
    submittedAt: row.submittedAt,
    updatedAt: row.updatedAt,
  };
}
