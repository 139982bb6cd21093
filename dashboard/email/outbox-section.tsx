import { useEffect, useState } from 'react';
import { Button } from 'react-aria-components';
import { errorMessage } from '../../core/client/result';
import type { OutboxEmail, OutboxEmailKind } from '../../core/schemas/email';
import { ModalDialog } from '../components/dialog';
import { Empty, ErrorState, Loading } from '../components/states';
import { FormMessage } from '../components/text-input';
import { When } from '../components/when';
import { useKindly, useQuery } from '../data/kindly';

/** How often the outbox is asked again while a message waits to be sent. */
const POLL_MS = 2000;

export const KIND_TEXT: Record<OutboxEmailKind, string> = {
  INVITATION: 'Invitation',
  REMINDER: 'Reminder',
  CONFIRMATION: 'Confirmation',
  DIGEST: 'Daily digest',
  HOST_INVITATION: 'Co-host invitation',
};

const STATUS_TEXT: Record<OutboxEmail['status'], string> = {
  QUEUED: 'Queued',
  SENDING: 'Sending',
  SENT: 'Sent',
  FAILED: 'Failed',
  BOUNCED: 'Bounced',
};

/** Whether the worker has yet to finish with a message (the list then refreshes by itself). */
const waiting = (email: OutboxEmail): boolean => email.status === 'QUEUED' || email.status === 'SENDING';

/** The outbox, newest first: status, recipient, subject, when; each message opens rendered. */
export function OutboxSection({ occasionId, timeZone }: { occasionId: string; timeZone: string }) {
  const { client, stores } = useKindly();
  const first = useQuery((s) => s.emails(occasionId), occasionId);
  const [older, setOlder] = useState<{ emails: OutboxEmail[]; nextCursor: string | null }>();
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState<string>();
  const [open, setOpen] = useState<OutboxEmail>();
  const emails = [...(first.data?.emails ?? []), ...(older?.emails ?? [])];
  const nextCursor = older ? older.nextCursor : (first.data?.nextCursor ?? null);
  const busy = first.data?.emails.some(waiting) ?? false;

  useEffect(() => {
    if (!busy) return;
    const timer = setInterval(() => stores.markStale(['Email']), POLL_MS);
    return () => clearInterval(timer);
  }, [busy, stores]);
  // A new first page (a send, a poll) starts the older pages again from it.
  useEffect(() => setOlder(undefined), [first.data]);

  async function loadMore() {
    if (!nextCursor) return;
    setLoadingMore(true);
    setMoreError(undefined);
    const result = await client.listEmails(occasionId, nextCursor);
    setLoadingMore(false);
    if (result.error) setMoreError(`Could not load older messages. ${errorMessage(result.error)}`);
    else setOlder((current) => ({ emails: [...(current?.emails ?? []), ...result.data.emails], nextCursor: result.data.nextCursor }));
  }

  return (
    <section className="card" aria-labelledby="outbox-title">
      <h2 id="outbox-title">Outbox</h2>
      {first.error && !first.data ? (
        <ErrorState error={first.error} what="the outbox" onRetry={first.retry} />
      ) : !first.data ? (
        <Loading label="Loading the outbox…" />
      ) : emails.length === 0 ? (
        <Empty title="Nothing sent yet">
          <p>Invitations, reminders, confirmations after each reply and digests appear here.</p>
        </Empty>
      ) : (
        <>
          <p className="small muted" role="status" aria-live="polite">
            {busy ? 'Sending… this list refreshes by itself.' : 'Newest first.'}
          </p>
          <div className="table-wrap">
            <table className="table table--stack" aria-label="Outbox, newest first">
              <thead>
                <tr>
                  <th scope="col">Subject</th>
                  <th scope="col">To</th>
                  <th scope="col">Kind</th>
                  <th scope="col">Status</th>
                  <th scope="col">When</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {emails.map((email) => (
                  <OutboxRow key={email.id} email={email} timeZone={timeZone} onOpen={() => setOpen(email)} />
                ))}
              </tbody>
            </table>
          </div>
          {nextCursor ? (
            <div className="row row--center" style={{ marginTop: 12 }}>
              <Button className="button button--small" onPress={loadMore} isDisabled={loadingMore}>
                {loadingMore ? 'Loading…' : 'Show older messages'}
              </Button>
            </div>
          ) : null}
          <FormMessage messages={[moreError]} />
        </>
      )}
      {open ? (
        <ModalDialog title={open.subject} isOpen onOpenChange={(isOpen) => !isOpen && setOpen(undefined)} wide>
          {(close) => (
            <>
              <p className="small muted cell-wrap">
                {KIND_TEXT[open.kind]} to {open.to} · {STATUS_TEXT[open.status]}
              </p>
              <iframe className="email-frame" title={`The message “${open.subject}” as sent`} src={client.emailHtmlUrl(occasionId, open.id)} sandbox="" />
              <div className="dialog-actions">
                <Button className="button" onPress={close}>
                  Close
                </Button>
              </div>
            </>
          )}
        </ModalDialog>
      ) : null}
    </section>
  );
}

function OutboxRow({ email, timeZone, onOpen }: { email: OutboxEmail; timeZone: string; onOpen(): void }) {
  return (
    <tr data-email-id={email.id}>
      <th scope="row" className="cell-wrap">
        {email.subject}
      </th>
      <td data-label="To" className="cell-wrap">
        {email.to}
      </td>
      <td data-label="Kind">{KIND_TEXT[email.kind]}</td>
      <td data-label="Status">
        <span className={`pill pill--${email.status}`}>{STATUS_TEXT[email.status]}</span>
        {email.lastError ? <span className="small muted cell-wrap"> {email.lastError}</span> : null}
        {email.status !== 'SENT' && email.attempts > 1 ? <span className="small muted"> ({email.attempts} attempts)</span> : null}
      </td>
      <td data-label="When">
        <When at={email.sentAt ?? email.createdAt} timeZone={timeZone} />
      </td>
      <td>
        <Button className="button button--small" onPress={onOpen} aria-label={`Open “${email.subject}” to ${email.to}`}>
          Open
        </Button>
      </td>
    </tr>
  );
}
