import type { Kysely } from 'kysely';
import type { EmailKind } from '../../core/schemas/email';
import type { Database } from '../db/schema';
import type { EmailSettings } from './email-settings';

const HOUR = 3600_000;

/** Bulk mail (the hourly limit's) and the confirmations guests wait for (a limit of their own). */
type LimitClass = 'BULK' | 'CONFIRMATION';

const KINDS: Record<LimitClass, EmailKind[]> = {
  BULK: ['INVITATION', 'REMINDER', 'DIGEST'],
  CONFIRMATION: ['CONFIRMATION'],
};

/**
 * What each occasion may still send in the hour up to a batch's start, per class, counted once
 * per occasion and class for the whole batch and spent as its messages go. Instances count the
 * same table, so together they may pass a limit by at most one batch each.
 */
export class HourlyAllowance {
  private readonly left = new Map<string, Promise<{ left: number; until: string }>>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly settings: Pick<EmailSettings, 'hourlyLimitPerOccasion' | 'confirmationHourlyLimitPerOccasion'>,
    private readonly now: Date,
  ) {}

  /**
   * Takes one message of the occasion's allowance: undefined when it may be sent now, else the
   * instant the oldest message of the hour leaves the window (it waits until then).
   */
  async take(occasionId: string, kind: string): Promise<string | undefined> {
    const limitClass: LimitClass = kind === 'CONFIRMATION' ? 'CONFIRMATION' : 'BULK';
    const key = `${limitClass} ${occasionId}`;
    let counted = this.left.get(key);
    if (!counted) this.left.set(key, (counted = this.count(occasionId, limitClass)));
    const allowance = await counted;
    if (allowance.left <= 0) return allowance.until;
    allowance.left -= 1;
    return undefined;
  }

  private async count(occasionId: string, limitClass: LimitClass): Promise<{ left: number; until: string }> {
    const since = new Date(this.now.getTime() - HOUR).toISOString();
    const sent = await this.db
      .selectFrom('email')
      .select((eb) => [eb.fn.countAll<number | string>().as('n'), eb.fn.min('sentAt').as('oldest')])
      .where('occasionId', '=', occasionId)
      .where('sentAt', '>=', since)
      .where('kind', 'in', KINDS[limitClass])
      .executeTakeFirstOrThrow();
    const limit = limitClass === 'CONFIRMATION' ? this.settings.confirmationHourlyLimitPerOccasion : this.settings.hourlyLimitPerOccasion;
    // Past the limit within this batch, the oldest of the hour is one of its own: sent about now.
    const oldest = sent.oldest ? Date.parse(sent.oldest) : this.now.getTime();
    return { left: limit - Number(sent.n), until: new Date(oldest + HOUR).toISOString() };
  }
}
