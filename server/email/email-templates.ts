import type { Kysely } from 'kysely';
import { EMAIL_KINDS, type EmailKind, type EmailTemplate, type EmailTemplateUpdate } from '../../core/schemas/email';
import { queries } from '../db/queries';
import type { Database } from '../db/schema';
import { defaultTemplate } from './default-templates';

/** The occasion's four templates in {@link EMAIL_KINDS} order: saved ones, else the defaults. */
export async function listTemplates(db: Kysely<Database>, occasionId: string, occasionTitle: string): Promise<EmailTemplate[]> {
  const saved = await db.selectFrom('emailTemplate').select(['kind', 'subject', 'intro']).where('occasionId', '=', occasionId).execute();
  return EMAIL_KINDS.map((kind) => {
    const row = saved.find((template) => template.kind === kind);
    return row ? { kind, subject: row.subject, intro: row.intro } : defaultTemplate(kind, occasionTitle);
  });
}

/** One kind's template: saved, else the default. */
export async function loadTemplate(db: Kysely<Database>, occasionId: string, occasionTitle: string, kind: EmailKind): Promise<EmailTemplate> {
  const [row] = await queries.emailTemplate(db, { occasionId, kind });
  return row ? { kind, ...row } : defaultTemplate(kind, occasionTitle);
}

/**
 * Saves the fields given over the current template (an upsert, so concurrent first edits of one
 * kind both succeed and the later one wins), in one transaction; answers the result.
 */
export async function saveTemplate(
  db: Kysely<Database>,
  occasion: { id: string; title: string },
  kind: EmailKind,
  patch: EmailTemplateUpdate,
): Promise<EmailTemplate> {
  return await db.transaction().execute(async (trx) => {
    const current = await loadTemplate(trx, occasion.id, occasion.title, kind);
    const next = { ...current, ...patch };
    const row = { occasionId: occasion.id, kind, subject: next.subject, intro: next.intro, updatedAt: new Date().toISOString() };
    await trx
      .insertInto('emailTemplate')
      .values(row)
      .onConflict((oc) => oc.columns(['occasionId', 'kind']).doUpdateSet({ ...patch, updatedAt: row.updatedAt }))
      .execute();
    return loadTemplate(trx, occasion.id, occasion.title, kind);
  });
}
