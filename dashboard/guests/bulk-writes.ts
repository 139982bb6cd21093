/** The bodies of the bulk calls on guests and invite lines, and sending them in parts the routes take. */
import type { Result } from '../../core/client/result';
import type { Guest } from '../../core/schemas/guest';
import type { InviteLinesBulkRow, InviteResponse } from '../../core/schemas/invite-line';
import type { Kindly } from '../data/kindly';

/** Most rows per invite-line bulk call (the route takes 50,000). */
export const LINES_PER_CALL = 50_000;
/** Most rows per guest bulk call (the route takes 10,000). */
export const GUESTS_PER_CALL = 10_000;

export function chunk<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}

/** Invite lines that invite each guest to each activity (guests already invited keep their answer). */
export function inviteLines(guests: readonly Guest[], activityIds: readonly string[]): InviteLinesBulkRow[] {
  return guests.flatMap((guest) =>
    activityIds
      .filter((activityId) => !guest.invitations.some((invitation) => invitation.activityId === activityId))
      .map((activityId) => ({ guestId: guest.id, activityId, invited: true })),
  );
}

/** Invite lines that remove each guest from each activity they are invited to. */
export function uninviteLines(guests: readonly Guest[], activityIds: readonly string[]): InviteLinesBulkRow[] {
  return guests.flatMap((guest) =>
    activityIds
      .filter((activityId) => guest.invitations.some((invitation) => invitation.activityId === activityId))
      .map((activityId) => ({ guestId: guest.id, activityId, invited: false })),
  );
}

/** Invite lines that record one answer (and meal) for each guest. */
export function replyLines(guests: readonly Guest[], activityId: string, response: InviteResponse, mealChoice: string | null): InviteLinesBulkRow[] {
  return guests.map((guest) => ({
    guestId: guest.id,
    activityId,
    invited: true,
    response,
    mealChoice: response === 'ATTENDING' ? mealChoice : null,
  }));
}

/** Sends invite lines in as few bulk calls as the route allows (one, up to 50,000 rows). */
export async function sendInviteLines(kindly: Kindly, occasionId: string, lines: readonly InviteLinesBulkRow[]): Promise<Result<void>> {
  for (const part of chunk(lines, LINES_PER_CALL)) {
    const result = await kindly.stores.$updateInviteLines.mutate({ occasionId, body: { lines: part } });
    if (result.error) return result;
  }
  return { data: undefined };
}
