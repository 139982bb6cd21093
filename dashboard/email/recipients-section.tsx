import { useMemo, useState } from 'react';
import { Button } from 'react-aria-components';
import { Link } from 'wouter';
import { errorMessage } from '../../core/client/result';
import type { EmailRecipient, EmailSendResult, SendableEmailKind } from '../../core/schemas/email';
import { ConfirmDialog, ModalDialog } from '../components/dialog';
import { formatCount, plural } from '../components/format';
import { Empty, ErrorState, Loading } from '../components/states';
import { Checkbox, FormMessage, TextInput } from '../components/text-input';
import { When } from '../components/when';
import { useKindly, useQuery } from '../data/kindly';
import { useRefreshOnFocus } from '../data/refresh-on-focus';
import { matchesWords, searchKey, searchWords } from '../guests/guest-filters';
import { describeSkips, messageCount, planSend, sendSummary, type SendPlan } from './send-plan';

/** Rows drawn at once; a search narrows a longer list. */
const SHOWN_AT_MOST = 300;

export interface RecipientsSectionProps {
  occasionId: string;
  timeZone: string;
  /** Whether the occasion has an RSVP page URL (invitations link to it). */
  hasPageUrl: boolean;
}

/** Who gets mail, who has no address or unsubscribed, and sending invitations and reminders. */
export function RecipientsSection({ occasionId, timeZone, hasPageUrl }: RecipientsSectionProps) {
  const recipients = useQuery((s) => s.emailRecipients(occasionId), occasionId);
  // Guests' replies change who is pending and queue confirmations: the recipients and the outbox (tag Email).
  useRefreshOnFocus(['Email']);
  return (
    <section className="card" aria-labelledby="recipients-title">
      <h2 id="recipients-title">Invitations and reminders</h2>
      {!hasPageUrl ? (
        <p className="notice notice--warn">
          Set the RSVP page URL in <Link href={`~/occasion/${occasionId}/edit`}>Settings</Link> first: invitations link to that page with each household's code.
        </p>
      ) : null}
      {recipients.error && !recipients.data ? (
        <ErrorState error={recipients.error} what="the recipients" onRetry={recipients.retry} />
      ) : !recipients.data ? (
        <Loading label="Loading the recipients…" />
      ) : recipients.data.length === 0 ? (
        <Empty title="No households yet">
          <p>Add households (or import guests) to send them invitations.</p>
        </Empty>
      ) : (
        <Recipients occasionId={occasionId} timeZone={timeZone} recipients={recipients.data} />
      )}
    </section>
  );
}

function matches(recipient: EmailRecipient, words: readonly string[]): boolean {
  return words.length === 0 || matchesWords(searchKey(`${recipient.householdName} ${recipient.addresses.join(' ')}`), words);
}

function Recipients({ occasionId, timeZone, recipients }: { occasionId: string; timeZone: string; recipients: readonly EmailRecipient[] }) {
  const { stores } = useKindly();
  const [query, setQuery] = useState('');
  const [onlyMissing, setOnlyMissing] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [plan, setPlan] = useState<SendPlan>();
  const [notice, setNotice] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const shown = useMemo(() => {
    const words = searchWords(query);
    return recipients.filter((recipient) => (!onlyMissing || recipient.addresses.length === 0) && matches(recipient, words));
  }, [recipients, query, onlyMissing]);
  const withoutAddress = recipients.filter((recipient) => recipient.addresses.length === 0).length;
  const notInvited = recipients.filter((recipient) => recipient.invitedAt === null).length;
  const pending = recipients.filter((recipient) => recipient.pending).length;
  const toggle = (householdId: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(householdId);
      else next.delete(householdId);
      return next;
    });
  const ask = (kind: SendableEmailKind) => {
    setNotice(undefined);
    setFailure(undefined);
    setPlan(planSend(recipients, kind, selected));
  };

  async function send(chosen: SendPlan): Promise<boolean> {
    const body = chosen.householdIds ? { kind: chosen.kind, householdIds: chosen.householdIds } : { kind: chosen.kind };
    const result = await stores.$sendEmails.mutate({ occasionId, body });
    if (result.error) {
      setFailure(`Nothing was sent. ${errorMessage(result.error)}`);
      return true;
    }
    setNotice(sentNotice(result.data, chosen.kind));
    setSelected(new Set());
    return true;
  }

  const scope = selected.size > 0 ? ` to ${plural(selected.size, 'selected household')}` : '';
  return (
    <>
      <p className="small">
        {plural(recipients.length, 'household')}: {formatCount(notInvited)} not yet invited, {formatCount(pending)} pending,{' '}
        {plural(withoutAddress, 'household')} without an email address.
      </p>
      <div className="row row--center" style={{ marginBottom: 12 }}>
        <Button className="button button--primary" onPress={() => ask('INVITATION')}>
          {`Send invitations${scope || ' to those not yet invited'}`}
        </Button>
        <Button className="button" onPress={() => ask('REMINDER')}>
          {`Send reminders now${scope || ' to pending households'}`}
        </Button>
        {selected.size > 0 ? (
          <Button className="button button--quiet" onPress={() => setSelected(new Set())}>
            Clear selection
          </Button>
        ) : null}
      </div>
      {notice ? (
        <p className="notice" role="status">
          {notice}
        </p>
      ) : null}
      <FormMessage messages={[failure]} focus />
      <div className="toolbar" role="search" aria-label="Find recipients">
        <TextInput label="Search households or addresses" type="search" value={query} onChange={setQuery} />
        <Checkbox isSelected={onlyMissing} onChange={setOnlyMissing}>
          Only those without an address
        </Checkbox>
      </div>
      <p className="small muted" role="status" aria-live="polite">
        {shown.length === recipients.length ? plural(recipients.length, 'household') : `Showing ${formatCount(shown.length)} of ${plural(recipients.length, 'household')}`}
        {shown.length > SHOWN_AT_MOST ? `; the first ${SHOWN_AT_MOST} are listed, search to find others` : ''}
      </p>
      <div className="table-wrap">
        <table className="table table--stack" aria-label="Recipients">
          <thead>
            <tr>
              <th scope="col">
                <span className="visually-hidden">Select</span>
              </th>
              <th scope="col">Household</th>
              <th scope="col">Email addresses</th>
              <th scope="col">Answer</th>
              <th scope="col">Invited</th>
            </tr>
          </thead>
          <tbody>
            {shown.slice(0, SHOWN_AT_MOST).map((recipient) => (
              <RecipientRow
                key={recipient.householdId}
                recipient={recipient}
                timeZone={timeZone}
                selected={selected.has(recipient.householdId)}
                onToggle={(on) => toggle(recipient.householdId, on)}
              />
            ))}
          </tbody>
        </table>
      </div>
      {plan ? <SendDialog plan={plan} onClose={() => setPlan(undefined)} onSend={send} /> : null}
    </>
  );
}

function RecipientRow({ recipient, timeZone, selected, onToggle }: { recipient: EmailRecipient; timeZone: string; selected: boolean; onToggle(on: boolean): void }) {
  return (
    <tr data-household-id={recipient.householdId}>
      <td>
        <Checkbox isSelected={selected} onChange={onToggle} aria-label={`Select ${recipient.householdName}`}>
          {null}
        </Checkbox>
      </td>
      <th scope="row">{recipient.householdName}</th>
      <td data-label="Email" className="cell-wrap">
        {recipient.addresses.length === 0 ? (
          <span className="pill pill--PENDING">No address</span>
        ) : (
          recipient.addresses.map((address) => (
            <span key={address}>
              {address}
              {recipient.unsubscribed.includes(address) ? <span className="pill pill--DECLINED"> unsubscribed</span> : null}
              <br />
            </span>
          ))
        )}
      </td>
      <td data-label="Answer">{recipient.pending ? <span className="pill pill--PENDING">Pending</span> : <span className="pill pill--ATTENDING">Replied</span>}</td>
      <td data-label="Invited">{recipient.invitedAt ? <When at={recipient.invitedAt} timeZone={timeZone} /> : <span className="muted">Not yet</span>}</td>
    </tr>
  );
}

function sentNotice(result: EmailSendResult, kind: SendableEmailKind): string {
  const skipped = result.skipped.length > 0 ? ` ${plural(result.skipped.length, 'household')} skipped: ${describeSkips(result.skipped.map((skip) => skip.reason))}.` : '';
  return `${messageCount(result.queued, kind)} queued; see the outbox below.${skipped}`;
}

/** "Send 12 invitations?": how many will be sent and how many skipped, and why. */
function SendDialog({ plan, onClose, onSend }: { plan: SendPlan; onClose(): void; onSend(plan: SendPlan): Promise<boolean> }) {
  const count = messageCount(plan.messages, plan.kind);
  const skipped = plan.skipped.length > 0 ? `${plural(plan.skipped.length, 'household')} will be skipped: ${describeSkips(plan.skipped.map((skip) => skip.reason))}.` : '';
  const onOpenChange = (open: boolean) => !open && onClose();
  if (plan.sent.length === 0) {
    return (
      <ModalDialog title={`No ${plan.kind === 'INVITATION' ? 'invitations' : 'reminders'} to send`} isOpen onOpenChange={onOpenChange}>
        {(close) => (
          <>
            <p data-testid="send-summary">
              {plan.skipped.length === 0
                ? plan.kind === 'INVITATION'
                  ? 'Every household has been invited. Select households to invite them again.'
                  : 'No household is pending.'
                : `Nothing will be sent: ${skipped}`}
            </p>
            <div className="dialog-actions">
              <Button className="button" autoFocus onPress={close}>
                Close
              </Button>
            </div>
          </>
        )}
      </ModalDialog>
    );
  }
  return (
    <ConfirmDialog title={`Send ${count}?`} isOpen onOpenChange={onOpenChange} confirmLabel={`Send ${count}`} danger={false} onConfirm={() => onSend(plan)}>
      <p data-testid="send-summary">
        {sendSummary(plan)}
        {skipped ? `; ${skipped}` : '.'}
      </p>
      {plan.sent.length <= 8 ? <p className="small muted">To {plan.sent.map((recipient) => recipient.householdName).join(', ')}.</p> : null}
    </ConfirmDialog>
  );
}
