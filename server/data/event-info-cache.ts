import type { JsonBody } from './json-body';
import { RevisionedAnswers } from './revisioned-answers';

/**
 * Households' `GET /event/v1/info` answers, reused while their occasion's revision stays the
 * same ({@link RevisionedAnswers}); each request reads the revision with its session, so an
 * answer is never reused after a change, whichever instance made it. `rsvpOpen` is part of the
 * version: the deadline passes without a write.
 */
export class EventInfoCache {
  private readonly answers: RevisionedAnswers<JsonBody>;

  constructor(maxHouseholds = 2000) {
    this.answers = new RevisionedAnswers(maxHouseholds);
  }

  /** The household's answer made at this revision with this `rsvpOpen`, if kept. */
  get(householdId: string, revision: number, rsvpOpen: boolean): JsonBody | undefined {
    return this.answers.get(householdId, versionOf(revision, rsvpOpen));
  }

  /** Keeps an answer made from data read at (or after) `revision`. */
  set(householdId: string, revision: number, rsvpOpen: boolean, body: JsonBody): void {
    this.answers.set(householdId, versionOf(revision, rsvpOpen), body);
  }

  /** How many households are kept. */
  get size(): number {
    return this.answers.size;
  }
}

const versionOf = (revision: number, rsvpOpen: boolean): string => `${revision}${rsvpOpen ? '+' : '-'}`;
