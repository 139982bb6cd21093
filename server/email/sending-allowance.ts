import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Database } from '../db/schema';
import type { EmailSettings } from './email-settings';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

/** The limits a batch keeps to (see README's configuration table). */
export type SendingLimits = Pick<
  EmailSettings,
  'hourlyLimitPerOccasion' | 'confirmationHourlyLimitPerOccasion' | 'dailyLimitPerAccount' | 'newAccountDailyLimit' | 'newAccountDays'
>;

/** Whose an occasion's mail is, for the account's limits. */
export interface OccasionSender {
  accountId: string;
  /** When the account signed up: within `newAccountDays` it keeps to the new account's limit. */
  accountCreatedAt: string;
}

/** What a window still allows, and from when it allows one more once used up. */
interface Window {
  left: number;
  until: string;
}

/**
 * What each occasion and account may still send, counted once per batch (per window) and spent
 * as the batch's messages go. Three windows:
 * - the occasion's last hour, all kinds counted: invitations, reminders and digests wait while it
 *   holds `hourlyLimitPerOccasion` messages, confirmations included;
 * - the occasion's confirmations of the last hour: confirmations wait while it holds
 *   `confirmationHourlyLimitPerOccasion` (bulk mail never holds a guest's confirmation back);
 * - the account's last 24 hours over all its occasions (`emailSendLog`, which outlives a deleted
 *   occasion): every kind waits while it holds `dailyLimitPerAccount`, or `newAccountDailyLimit`
 *   in the account's first `newAccountDays` days.
 * Instances count the same tables, so together they may pass a limit by at most one batch each.
 */
export class SendingAllowance {
  private readonly windows = new Map<string, Promise<Window>>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly limits: SendingLimits,
    private readonly senders: ReadonlyMap<string, OccasionSender>,
    private readonly now: Date,
  ) {}

  /**
   * Takes one message of its windows: undefined when it may be sent now, else the instant it may
   * be tried again (when enough of the fullest window's messages have left it). An occasion
   * without a sender (deleted) takes nothing: its message fails for that reason.
   */
  async take(occasionId: string, kind: string): Promise<string | undefined> {
    const confirmation = kind === 'CONFIRMATION';
    const sender = this.senders.get(occasionId);
    const [occasion, confirmations, account] = await Promise.all([
      this.window(`occasion ${occasionId}`, () => this.occasionWindow(occasionId, false)),
      this.window(`confirmations ${occasionId}`, () => this.occasionWindow(occasionId, true)),
      sender ? this.window(`account ${sender.accountId}`, () => this.accountWindow(sender)) : undefined,
    ]);
    const binding = [confirmation ? confirmations : occasion, account].filter((w): w is Window => w !== undefined && w.left <= 0);
    if (binding.length > 0) return binding.map((w) => w.until).sort().at(-1);
    for (const w of [occasion, confirmation ? confirmations : undefined, account]) if (w) w.left -= 1;
    return undefined;
  }

  private window(key: string, count: () => Promise<Window>): Promise<Window> {
    let counted = this.windows.get(key);
    if (!counted) this.windows.set(key, (counted = count()));
    return counted;
  }

  private occasionWindow(occasionId: string, confirmations: boolean): Promise<Window> {
    let sent = this.db
      .selectFrom('email')
      .select('sentAt as at')
      .where('occasionId', '=', occasionId)
      .where('sentAt', '>=', new Date(this.now.getTime() - HOUR).toISOString());
    if (confirmations) sent = sent.where('kind', '=', 'CONFIRMATION');
    const limit = confirmations ? this.limits.confirmationHourlyLimitPerOccasion : this.limits.hourlyLimitPerOccasion;
    return this.count(sent, limit, HOUR);
  }

  private accountWindow(sender: OccasionSender): Promise<Window> {
    const sent = this.db
      .selectFrom('emailSendLog')
      .select('sentAt as at')
      .where('accountId', '=', sender.accountId)
      .where('sentAt', '>=', new Date(this.now.getTime() - DAY).toISOString());
    const isNew = this.now.getTime() - Date.parse(sender.accountCreatedAt) < this.limits.newAccountDays * DAY;
    const limit = isNew ? Math.min(this.limits.newAccountDailyLimit, this.limits.dailyLimitPerAccount) : this.limits.dailyLimitPerAccount;
    return this.count(sent, limit, DAY);
  }

  /**
   * How many of `limit` are left of the window `sent` selects, and when one more fits once none
   * is: when its `n − limit + 1` oldest have left it (a batch's own are sent about now).
   */
  private async count<TB extends keyof Database>(sent: SelectQueryBuilder<Database, TB, { at: string | null }>, limit: number, windowMs: number): Promise<Window> {
    const { n, oldest } = await this.db
      .selectFrom(sent.as('sent'))
      .select((eb) => [eb.fn.countAll<number | string>().as('n'), eb.fn.min<string | null>('sent.at').as('oldest')])
      .executeTakeFirstOrThrow();
    const used = Number(n);
    // Past the limit, more than the oldest must leave first; short of it, the oldest is what leaves.
    const leaving = used > limit ? (await sent.orderBy('at').limit(1).offset(used - limit).executeTakeFirst())?.at : oldest;
    const at = leaving ? Date.parse(leaving) : this.now.getTime();
    return { left: limit - used, until: new Date(at + windowMs).toISOString() };
  }
}
