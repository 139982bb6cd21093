import { When } from '../components/when';
import { answeredByName, useReplies } from './use-replies';

export interface HouseholdReplyProps {
  occasionId: string;
  householdId: string;
  timeZone: string;
  /** The heading's words, e.g. "Their household's reply" on a guest's screen. */
  title?: string;
}

/** A household's reply as the host reads it: when, who sent it, and the message to the hosts. */
export function HouseholdReply({ occasionId, householdId, timeZone, title = 'Reply' }: HouseholdReplyProps) {
  const replies = useReplies(occasionId);
  const reply = replies.data?.find((entry) => entry.householdId === householdId);
  return (
    <section className="card household-reply" aria-label={title} data-testid="household-reply">
      <h3>{title}</h3>
      {replies.error && !replies.data ? (
        <p className="small muted">The reply could not be loaded.</p>
      ) : !replies.data ? (
        <p className="small muted">Loading the reply…</p>
      ) : !reply ? (
        <p className="small muted">No reply yet.</p>
      ) : (
        <>
          <p className="small">
            Answered <When at={reply.updatedAt} timeZone={timeZone} /> by {answeredByName(reply)}.
          </p>
          {reply.message.trim() ? (
            <blockquote aria-label="Message to the hosts">{reply.message}</blockquote>
          ) : (
            <p className="small muted">No message to the hosts.</p>
          )}
        </>
      )}
    </section>
  );
}
