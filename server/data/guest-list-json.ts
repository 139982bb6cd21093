import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { loadInvitations, selectAllGuests } from './guests';

const q = JSON.stringify;

/**
 * The occasion's whole guest list as JSON text, written row by row straight from the columns:
 * no entity objects in between, and `attributes`, stored as JSON text already, copied as it is.
 * The same text `JSON.stringify(loadGuests(…))` gives (key order and all).
 */
export async function guestListJson(db: Kysely<Database>, occasionId: string): Promise<string> {
  const [rows, invitations] = await Promise.all([selectAllGuests(db, occasionId), loadInvitations(db, occasionId)]);
  const parts: string[] = new Array(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    let lines = '';
    for (const line of invitations.get(row.id) ?? []) {
      lines += `${lines ? ',' : ''}{"inviteLineId":${q(line.inviteLineId)},"activityId":${q(line.activityId)},"response":${q(line.response)},"mealChoice":${line.mealChoice === null ? 'null' : q(line.mealChoice)}}`;
    }
    parts[i] =
      `{"id":${q(row.id)},"occasionId":${q(row.occasionId)},"householdId":${row.householdId === null ? 'null' : q(row.householdId)}` +
      `,"firstName":${q(row.firstName)},"lastName":${q(row.lastName)},"email":${q(row.email)},"phone":${q(row.phone)}` +
      `,"ageGroup":${q(row.ageGroup)},"plusOneAllowed":${row.plusOneAllowed === 1 || (row.plusOneAllowed as unknown) === true}` +
      `,"plusOneOf":${row.plusOneOf === null ? 'null' : q(row.plusOneOf)},"dietaryNotes":${q(row.dietaryNotes)}` +
      `,"attributes":${row.attributes},"notes":${q(row.notes)},"invitations":[${lines}]` +
      `,"createdAt":${q(row.createdAt)},"updatedAt":${q(row.updatedAt)}}`;
  }
  return `[${parts.join(',')}]`;
}
