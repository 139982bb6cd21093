import { useState, type FormEvent } from 'react';
import { Button, Form } from 'react-aria-components';
import { Link, useLocation } from 'wouter';
import { OccasionCreateSchema, type Occasion } from '../../core/schemas/occasion';
import { ROLE_NAMES } from '../../core/schemas/people';
import { ModalDialog } from '../components/dialog';
import { useFormSave } from '../components/use-form-save';
import { browserTimeZone, formatCount, formatDateRange, plural, replyProgress } from '../components/format';
import { Empty, ErrorState, Loading } from '../components/states';
import { FormMessage } from '../components/text-input';
import { useKindly, useQuery } from '../data/kindly';
import { CREATE_FIELDS, OccasionFields, occasionBody, occasionFormValues } from '../occasion/occasion-form';

/** `/occasions`: the host's occasions with their dates and RSVP progress; create one. */
export function OccasionsPage({ creating = false }: { creating?: boolean }) {
  const occasions = useQuery((s) => s.$occasions, 'occasions');
  const [, navigate] = useLocation();
  const [open, setOpen] = useState(creating);

  return (
    <main className="page" id="main">
      <div className="page-head">
        <h1>Your occasions</h1>
        <Button className="button button--primary" onPress={() => setOpen(true)}>
          New occasion
        </Button>
      </div>
      <VerificationBanner />
      {occasions.error ? (
        <ErrorState error={occasions.error} what="your occasions" onRetry={occasions.retry} />
      ) : occasions.pending ? (
        <Loading label="Loading your occasions…" />
      ) : occasions.data!.length === 0 ? (
        <Empty title="No occasions yet">
          <p>Create your first occasion to plan its schedule, guests and invitations.</p>
        </Empty>
      ) : (
        <ul className="occasion-list" aria-label="Occasions">
          {occasions.data!.map((occasion) => (
            <OccasionItem key={occasion.id} occasion={occasion} />
          ))}
        </ul>
      )}
      <CreateOccasionDialog
        isOpen={open}
        onOpenChange={(isOpen) => {
          setOpen(isOpen);
          if (!isOpen && creating) navigate('/', { replace: true });
        }}
        onCreated={(occasion) => navigate(`~/occasion/${occasion.id}`)}
      />
    </main>
  );
}

/** Until the account's address is confirmed: plan freely, but no email goes to guests. */
function VerificationBanner() {
  const account = useQuery((s) => s.$account, 'account');
  if (!account.data || account.data.emailVerified) return null;
  return (
    <p className="notice notice--warn">
      Confirm your email address with the link we sent to <strong>{account.data.email}</strong>. You can plan everything meanwhile; Kindly
      sends email to your guests once it is confirmed. <Link href="~/account">Send the link again</Link>
    </p>
  );
}

function OccasionItem({ occasion }: { occasion: Occasion }) {
  const { invited, replied } = replyProgress(occasion.summary.perActivity);
  const percent = invited > 0 ? Math.round((replied / invited) * 100) : 0;
  return (
    <li>
      <Link href={`~/occasion/${occasion.id}${occasion.role === 'door' ? '/door' : ''}`}>
        <div className="card">
          <h2>
            {occasion.title} <span className="pill small" data-role={occasion.role}>{`You: ${ROLE_NAMES[occasion.role]}`}</span>
          </h2>
          <p className="muted">{formatDateRange(occasion.startDate, occasion.endDate)}</p>
          <div className="row row--center small">
            <span>{plural(occasion.summary.guests, 'guest')}</span>
            <span aria-hidden="true">·</span>
            <span>
              {invited > 0 ? `${formatCount(replied)} of ${plural(invited, 'invitation')} answered (${percent}%)` : 'No invitations yet'}
            </span>
          </div>
          {invited > 0 ? (
            <div className="bar" aria-hidden="true" style={{ marginTop: 8 }}>
              <div className="a" style={{ width: `${percent}%` }} />
            </div>
          ) : null}
        </div>
      </Link>
    </li>
  );
}

function CreateOccasionDialog(props: { isOpen: boolean; onOpenChange(open: boolean): void; onCreated(occasion: Occasion): void }) {
  const { stores } = useKindly();
  const [values, setValues] = useState(() => occasionFormValues(undefined, browserTimeZone()));
  const { errors, message, busy, save } = useFormSave();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const created = await save(OccasionCreateSchema, occasionBody(values, CREATE_FIELDS), (output) => stores.$createOccasion.mutate(output));
    if (!created) return;
    props.onOpenChange(false);
    props.onCreated(created);
  }

  return (
    <ModalDialog title="New occasion" isOpen={props.isOpen} onOpenChange={props.onOpenChange}>
      {(close) => (
        <Form onSubmit={submit} validationBehavior="aria" aria-label="New occasion">
          <OccasionFields values={values} onChange={setValues} errors={errors} fields={CREATE_FIELDS} />
          <FormMessage messages={[message]} focus />
          <div className="dialog-actions">
            <Button className="button" onPress={close}>
              Cancel
            </Button>
            <Button type="submit" className="button button--primary" isDisabled={busy}>
              {busy ? 'Creating…' : 'Create occasion'}
            </Button>
          </div>
        </Form>
      )}
    </ModalDialog>
  );
}
