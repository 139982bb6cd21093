import { inviteLineId } from '../db/ids';
import type { Answer, HouseholdRsvpState, NewPlusOne } from './event-rsvp-plan';
import { fieldChanges, fullName, type HistoryChange } from './history';
import { inviteLineHistory } from './history-changes';

/**
 * Collects the history of one RSVP write as its steps run: the reply itself, the answers that
 * change a line, and plus-ones added, renamed or removed. Names and the household come from the
 * state the write read, so recording costs no more queries than the actor's name.
 */
export class RsvpHistory {
  readonly changes: HistoryChange[];
  private readonly householdId: string;

  constructor(
    private readonly state: HouseholdRsvpState,
    rsvpChange: HistoryChange,
  ) {
    this.changes = [rsvpChange];
    this.householdId = rsvpChange.householdId!;
  }

  /** Lines answered `answer` (some may already have held it: those record nothing). */
  answered(lineIds: readonly string[], answer: Answer): void {
    for (const id of lineIds) {
      const line = this.state.lines.find((candidate) => candidate.id === id);
      if (line) this.changes.push(inviteLineHistory(line, { ...line, ...answer }, this.guest(line.guestId)));
    }
  }

  plusOneAdded(guestId: string, plusOne: NewPlusOne): void {
    const subject = { name: fullName(plusOne), householdId: this.householdId };
    this.changes.push({
      entity: 'GUEST',
      entityId: guestId,
      action: 'CREATE',
      changes: fieldChanges(undefined, { ...plusOne, plusOneOf: plusOne.forGuestId }, ['firstName', 'lastName', 'plusOneOf']),
      guestId,
      householdId: this.householdId,
      subjectName: subject.name,
    });
    for (const answer of plusOne.answers) {
      const line = { id: inviteLineId(guestId, answer.activityId), guestId, ...answer };
      this.changes.push(inviteLineHistory(undefined, line, subject));
    }
  }

  plusOneRenamed(guestId: string, firstName: string, lastName: string): void {
    const member = this.state.members.get(guestId)!;
    this.changes.push({
      entity: 'GUEST',
      entityId: guestId,
      action: 'UPDATE',
      changes: fieldChanges(member, { ...member, firstName, lastName }, ['firstName', 'lastName']),
      guestId,
      householdId: this.householdId,
      subjectName: fullName({ firstName, lastName }),
    });
  }

  /** The plus-one goes, and with them (by the foreign key) their invite lines. */
  plusOneRemoved(guestId: string): void {
    const member = this.state.members.get(guestId)!;
    this.changes.push({
      entity: 'GUEST',
      entityId: guestId,
      action: 'DELETE',
      changes: fieldChanges(member, undefined, ['firstName', 'lastName', 'plusOneOf']),
      guestId,
      householdId: this.householdId,
      subjectName: fullName(member),
    });
  }

  private guest(guestId: string): { name: string; householdId: string } {
    const member = this.state.members.get(guestId);
    return { name: member ? fullName(member) : '', householdId: this.householdId };
  }
}
