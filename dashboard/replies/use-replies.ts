import type { Reply } from '../../core/schemas/reply';
import { useQuery, type QueryState } from '../data/kindly';
import { useRefreshOnFocus } from '../data/refresh-on-focus';

/**
 * The occasion's replies, newest first. Guests write them through the guest area, which the
 * host's cache never hears of: a cached list is asked for again when a screen showing it opens
 * and whenever the window regains focus.
 */
export function useReplies(occasionId: string): QueryState<Reply[]> {
  const replies = useQuery((s) => s.replies(occasionId), occasionId);
  useRefreshOnFocus(['Reply']);
  return replies;
}

/** The name of who answered a reply, or what to say when Kindly does not know. */
export function answeredByName(reply: Reply): string {
  if (!reply.answeredBy) return 'Not recorded';
  return `${reply.answeredBy.firstName} ${reply.answeredBy.lastName}`.trim();
}
