import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { IDS_PER_STATEMENT, chunked } from './batch';
import type { ErasurePlan } from './erasure-plan';

const PAGE = 1000;

/**
 * Messages to an erased guest or household, or to the household an erased guest belonged to
 * (its messages name them): queued ones are cancelled (deleted before they are sent); sent,
 * failed or bounced ones keep their row (kind, status, times: what was sent when) with no
 * address, subject, body, attachment or error left. A message to the hosts (the digest) that
 * names them is emptied the same way. Their unsubscribed addresses go too.
 */
export async function scrubEmails(trx: Kysely<Database>, occasionId: string, plan: ErasurePlan): Promise<void> {
  const queued: string[] = [];
  const kept: string[] = [];
  for await (const row of occasionEmails(trx, occasionId)) {
    const toThem = (row.householdId !== null && plan.touchedHouseholdIds.has(row.householdId)) || addressesOf(row.to).some((address) => plan.addresses.has(address));
    if (toThem) (row.status === 'QUEUED' ? queued : kept).push(row.id);
  }
  for (const row of await hostMessagesMentioning(trx, occasionId, plan.mentions)) (row.status === 'QUEUED' ? queued : kept).push(row.id);
  for (const chunk of chunked(queued, IDS_PER_STATEMENT)) await trx.deleteFrom('email').where('id', 'in', chunk).execute();
  for (const chunk of chunked(kept, IDS_PER_STATEMENT)) {
    await trx.updateTable('email').set({ to: '', subject: '', html: '', text: '', attachments: '[]', lastError: null }).where('id', 'in', chunk).execute();
  }
  for (const chunk of chunked([...plan.addresses], IDS_PER_STATEMENT)) {
    await trx.deleteFrom('emailUnsubscribe').where('occasionId', '=', occasionId).where('address', 'in', chunk).execute();
  }
}

const addressesOf = (to: string): string[] => to.split(',').map((address) => address.trim().toLowerCase());

/** The occasion's messages a page at a time (by id), with only what is needed to judge them. */
async function* occasionEmails(trx: Kysely<Database>, occasionId: string) {
  let after = '';
  for (;;) {
    const page = await trx
      .selectFrom('email')
      .select(['id', 'to', 'householdId', 'status'])
      .where('occasionId', '=', occasionId)
      .where('id', '>', after)
      .orderBy('id')
      .limit(PAGE)
      .execute();
    yield* page;
    if (page.length < PAGE) return;
    after = page[page.length - 1]!.id;
  }
}

/** The messages to no household (the hosts' digests) whose text names an erased person. */
async function hostMessagesMentioning(trx: Kysely<Database>, occasionId: string, mentions: ReadonlySet<string>): Promise<{ id: string; status: string }[]> {
  if (mentions.size === 0) return [];
  const rows = await trx.selectFrom('email').select(['id', 'status', 'text', 'subject']).where('occasionId', '=', occasionId).where('householdId', 'is', null).execute();
  return rows.filter((row) => [...mentions].some((mention) => `${row.subject}\n${row.text}`.toLowerCase().includes(mention)));
}
