import { useState, type FormEvent } from 'react';
import { Button, Form } from 'react-aria-components';
import { errorMessage } from '../../core/client/result';
import { RETENTION_REMINDER_DAYS, RetentionUpdateSchema } from '../../core/schemas/data-rights';
import { formatDate } from '../components/format';
import { ErrorState, Loading } from '../components/states';
import { FormMessage, TextInput } from '../components/text-input';
import { useFormSave } from '../components/use-form-save';
import { useKindly, useQuery } from '../data/kindly';
import { useCan, useOccasion } from './occasion-context';

/** Days one press of "Postpone" adds. */
const POSTPONE_DAYS = 30;

/** The settings' data section: the export, and how long the guests are kept (owners change it). */
export function DataRightsSection() {
  const occasion = useOccasion();
  const { client } = useKindly();
  return (
    <section className="card" aria-labelledby="data-title">
      <h2 id="data-title">Your guests’ data</h2>
      <p className="small">
        One ZIP file of everything this occasion holds: the schedule, households, guests, invitations, replies, messages, questions, answers, history
        and the emails sent, each as a CSV file for spreadsheets and a JSON file.
      </p>
      <p>
        <a className="button" href={client.exportUrl(occasion.id)} download>
          Export all data
        </a>
      </p>
      <Retention />
    </section>
  );
}

function Retention() {
  const occasion = useOccasion();
  const isOwner = useCan('own');
  const { stores } = useKindly();
  const retention = useQuery((s) => s.retention(occasion.id), occasion.id);
  const [days, setDays] = useState<string>();
  const [status, setStatus] = useState('');
  const [failure, setFailure] = useState<string>();
  const { errors, message, busy, save } = useFormSave();

  if (retention.error) return <ErrorState error={retention.error} what="the retention" onRetry={retention.retry} />;
  if (!retention.data) return <Loading />;
  const { eraseOn, remindOn, erasedAt, lastActivityDate } = retention.data;
  const shownDays = days ?? String(retention.data.days);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setStatus('');
    const saved = await save(RetentionUpdateSchema, { days: Number(shownDays) }, (body) => stores.$updateRetention.mutate({ occasionId: occasion.id, body }));
    if (saved) {
      setDays(undefined);
      setStatus(`Guests are now erased on ${formatDate(saved.eraseOn)}.`);
    }
  }

  async function postpone() {
    setStatus('');
    setFailure(undefined);
    const result = await stores.$postponeRetention.mutate({ occasionId: occasion.id, body: { days: POSTPONE_DAYS } });
    if (result.error) setFailure(errorMessage(result.error));
    else setStatus(`Postponed: guests are now erased on ${formatDate(result.data.eraseOn)}.`);
  }

  return (
    <div>
      <h3>How long guests are kept</h3>
      <p className="small" data-testid="retention-dates">
        The guests’ names, contact details, replies, answers and messages are erased on <strong>{formatDate(eraseOn)}</strong>, {retention.data.days} days
        after the last activity ({formatDate(lastActivityDate)}). The owners get an email on {formatDate(remindOn)}, {RETENTION_REMINDER_DAYS} days before.
        {erasedAt ? ` Guests were last erased on ${formatDate(erasedAt.slice(0, 10))}.` : ''}
      </p>
      {isOwner ? (
        <Form className="row row--center" onSubmit={submit} validationBehavior="aria" aria-label="Retention">
          <TextInput label="Days kept after the last activity" value={shownDays} onChange={setDays} inputMode="numeric" error={errors.days} />
          <Button type="submit" className="button" isDisabled={busy}>
            {busy ? 'Saving…' : 'Save days'}
          </Button>
          <Button className="button" onPress={postpone}>
            Postpone by {POSTPONE_DAYS} days
          </Button>
        </Form>
      ) : null}
      <FormMessage messages={[message, failure]} focus />
      <p role="status" className="small">
        {status}
      </p>
    </div>
  );
}
