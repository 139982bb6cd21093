import type { Kysely } from 'kysely';
import type { HostPrivacyNote, PrivacyNote } from '../../core/schemas/guest-data';
import type { Database } from '../db/schema';
import { notFound } from './api-error';

/**
 * Kindly's note for an occasion whose hosts wrote none: who holds the data, what, what for, how
 * long, and how to ask for a copy or erasure. English: hosts who invite in another language
 * write their own.
 */
export function defaultPrivacyNote(occasionTitle: string): string {
  return [
    `The hosts of ${occasionTitle} keep this guest list, using Kindly to do so. They alone decide what happens to it.`,
    'For your household they keep what they or you entered: names, email addresses, phone numbers, your postal address, dietary notes, your replies, your answers to their questions and any message you send them.',
    `They use it only to plan ${occasionTitle} and to write to you about it. Kindly uses it for nothing else and shares it with no one.`,
    'It is kept until the hosts delete it or the occasion.',
    'Signed in here, you can download a copy of your household’s data with “Download my data”, or ask the hosts to erase it with “Ask to erase my data”. You may also write to the hosts directly.',
  ].join('\n\n');
}

/** The occasion's public note (title and note only) and the origins it may be read from; undefined for no such occasion. */
export async function loadPublicPrivacyNote(db: Kysely<Database>, occasionId: string): Promise<{ note: PrivacyNote; allowedOrigins: string } | undefined> {
  const row = await db.selectFrom('occasion').select(['title', 'privacyNote', 'allowedOrigins']).where('id', '=', occasionId).executeTakeFirst();
  if (!row) return undefined;
  const isDefault = row.privacyNote === null;
  return { note: { occasionTitle: row.title, note: row.privacyNote ?? defaultPrivacyNote(row.title), isDefault }, allowedOrigins: row.allowedOrigins };
}

/** The hosts' view of the note: their own text (or null) and the default guests see without it. */
export async function loadHostPrivacyNote(db: Kysely<Database>, occasionId: string): Promise<HostPrivacyNote> {
  const row = await db.selectFrom('occasion').select(['title', 'privacyNote']).where('id', '=', occasionId).executeTakeFirst();
  if (!row) throw notFound('No such occasion.');
  return { privacyNote: row.privacyNote, defaultNote: defaultPrivacyNote(row.title) };
}

/** Sets the hosts' note (null: back to the default). */
export async function savePrivacyNote(db: Kysely<Database>, occasionId: string, privacyNote: string | null, now: Date): Promise<void> {
  await db.updateTable('occasion').set({ privacyNote, updatedAt: now.toISOString() }).where('id', '=', occasionId).execute();
}
