import { useState, type FormEvent } from 'react';
import { Button, Form } from 'react-aria-components';
import { useLocation } from 'wouter';
import { errorMessage } from '../../core/client/result';
import { OccasionCreateSchema } from '../../core/schemas/occasion';
import { ConfirmDialog } from '../components/dialog';
import { useFormSave } from '../components/use-form-save';
import { FormMessage } from '../components/text-input';
import { useKindly } from '../data/kindly';
import { ApiTokensSection } from './api-tokens-section';
import { useCan, useOccasion } from './occasion-context';
import { PrivacyNoteForm } from './privacy-note-form';
import { RsvpPageSection } from './rsvp-page-section';
import { EDIT_FIELDS, OWNER_EDIT_FIELDS, OccasionFields, occasionBody, occasionFormValues } from './occasion-form';
import { formatCount } from '../components/format';
import { DataRightsSection } from './data-rights-section';

/** `.../edit`: every writable field of the occasion; for owners its API tokens, and deleting it. */
export default function EditPage() {
  const occasion = useOccasion();
  const { stores } = useKindly();
  const [, navigate] = useLocation();
  const [values, setValues] = useState(() => occasionFormValues(occasion));
  const { errors, message, busy, save } = useFormSave();
  const [saved, setSaved] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [deleteError, setDeleteError] = useState<string>();
  const canOwn = useCan('own');
  const fields = occasion.role === 'owner' ? OWNER_EDIT_FIELDS : EDIT_FIELDS;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaved('');
    // The server re-validates the merged occasion with the create schema; so does the form.
    const updated = await save(OccasionCreateSchema, occasionBody(values, fields), (output) => stores.$updateOccasion.mutate({ occasionId: occasion.id, body: output }));
    if (!updated) return;
    setValues(occasionFormValues(updated));
    setSaved('Saved.');
  }

  async function remove() {
    setDeleteError(undefined);
    const result = await stores.$deleteOccasion.mutate({ occasionId: occasion.id });
    if (result.error) {
      setDeleteError(errorMessage(result.error));
      return false;
    }
    navigate('~/occasions', { replace: true });
    return true;
  }

  return (
    <>
      <h1>Occasion settings</h1>
      <Form className="card" onSubmit={submit} validationBehavior="aria" aria-label="Occasion settings">
        <OccasionFields values={values} onChange={setValues} errors={errors} fields={fields} />
        <FormMessage messages={[message]} focus />
        <div className="row row--center" style={{ marginTop: 16 }}>
          <Button type="submit" className="button button--primary" isDisabled={busy}>
            {busy ? 'Saving…' : 'Save changes'}
          </Button>
          <span role="status" className="small muted">
            {saved}
          </span>
        </div>
      </Form>

      <RsvpPageSection />
      <PrivacyNoteForm occasionId={occasion.id} />
      <DataRightsSection />
      {canOwn ? <ApiTokensSection /> : null}

      <section className="card" aria-labelledby="danger-title">
        <h2 id="danger-title">Delete this occasion</h2>
        <p className="small">Its schedule, guests, households, invitations and answers are deleted with it. This cannot be undone.</p>
        <Button className="button button--danger" onPress={() => setConfirming(true)}>
          Delete occasion…
        </Button>
      </section>
      <ConfirmDialog
        title={`Delete “${occasion.title}”?`}
        isOpen={confirming}
        onOpenChange={setConfirming}
        confirmLabel="Delete occasion"
        onConfirm={remove}
      >
        <p>
          Everything under it goes too: {formatCount(occasion.summary.guests)} guests, {formatCount(occasion.summary.households)}{' '}
          households and every answer.
        </p>
        <FormMessage messages={[deleteError]} focus />
      </ConfirmDialog>
    </>
  );
}
