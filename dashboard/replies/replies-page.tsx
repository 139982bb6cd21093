import { useMemo, useState } from 'react';
import { Link } from 'wouter';
import type { Reply } from '../../core/schemas/reply';
import { formatCount, plural } from '../components/format';
import { Empty, ErrorState, Loading } from '../components/states';
import { Checkbox, TextInput } from '../components/text-input';
import { When } from '../components/when';
import { matchesWords, searchKey, searchWords } from '../guests/guest-filters';
import { useOccasion } from '../occasion/occasion-context';
import { answeredByName, useReplies } from './use-replies';

/** Whether a reply matches the search words (household, who answered, message). */
function matches(reply: Reply, words: readonly string[]): boolean {
  return words.length === 0 || matchesWords(searchKey(`${reply.householdName} ${answeredByName(reply)} ${reply.message}`), words);
}

/** `.../replies`: every household's reply, newest first: who answered, when, and their message. */
export default function RepliesPage() {
  const occasion = useOccasion();
  const replies = useReplies(occasion.id);
  return (
    <>
      <div className="page-head">
        <h1>Replies</h1>
      </div>
      {replies.error && !replies.data ? (
        <ErrorState error={replies.error} what="the replies" onRetry={replies.retry} />
      ) : !replies.data ? (
        <Loading label="Loading the replies…" />
      ) : replies.data.length === 0 ? (
        <Empty title="No replies yet">
          <p>
            Households appear here when they answer through the RSVP widget. <Link href={`~/occasion/${occasion.id}/emails`}>Send invitations</Link> to
            reach them.
          </p>
        </Empty>
      ) : (
        <ReplyList replies={replies.data} timeZone={occasion.timezone} />
      )}
    </>
  );
}

function ReplyList({ replies, timeZone }: { replies: readonly Reply[]; timeZone: string }) {
  const [query, setQuery] = useState('');
  const [onlyMessages, setOnlyMessages] = useState(false);
  const shown = useMemo(() => {
    const words = searchWords(query);
    return replies.filter((reply) => (!onlyMessages || reply.message.trim() !== '') && matches(reply, words));
  }, [replies, query, onlyMessages]);
  const withMessage = replies.filter((reply) => reply.message.trim() !== '').length;
  return (
    <>
      <div className="toolbar" role="search" aria-label="Find replies">
        <TextInput label="Search replies" type="search" value={query} onChange={setQuery} />
        <Checkbox isSelected={onlyMessages} onChange={setOnlyMessages}>
          Only those with a message
        </Checkbox>
      </div>
      <p className="small muted" role="status" aria-live="polite">
        {shown.length === replies.length
          ? `${plural(replies.length, 'reply', 'replies')}, ${plural(withMessage, 'with a message', 'with a message')}`
          : `Showing ${formatCount(shown.length)} of ${plural(replies.length, 'reply', 'replies')}`}
      </p>
      <div className="table-wrap">
        <table className="table table--stack replies" aria-label="Replies, newest first">
          <thead>
            <tr>
              <th scope="col">Household</th>
              <th scope="col">Answered by</th>
              <th scope="col">When</th>
              <th scope="col">Message</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((reply) => (
              <tr key={reply.householdId} data-household-id={reply.householdId}>
                <th scope="row">{reply.householdName}</th>
                <td data-label="Answered by">{reply.answeredBy ? answeredByName(reply) : <span className="muted">{answeredByName(reply)}</span>}</td>
                <td data-label="When">
                  <When at={reply.updatedAt} timeZone={timeZone} />
                  {reply.updatedAt !== reply.submittedAt ? <span className="small muted"> (changed; first sent <When at={reply.submittedAt} timeZone={timeZone} />)</span> : null}
                </td>
                <td data-label="Message" className="reply-message">
                  {reply.message.trim() ? reply.message : <span className="muted">No message</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
