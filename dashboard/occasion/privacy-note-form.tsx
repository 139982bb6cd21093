import { useEffect, useState, type FormEvent } from 'react';
import { Button, Form } from 'react-aria-components';
import { PRIVACY_NOTE_MAX, PrivacyNoteUpdateSchema, type HostPrivacyNote } from '../../core/schemas/guest-data';
import { formatCount } from '../components/format';
import { FormMessage, TextInput } from '../components/text-input';
import { useFormSave } from '../components/use-form-save';
import { useKindly } from '../data/kindly';

/**
 * Settings: the privacy note guests open from the widget's "Privacy" link. Left empty, guests
 * see Kindly's default, shown here beneath the field.
 */
export function PrivacyNoteForm({ occasionId }: { occasionId: string }) {
  const { client } = useKindly();
  const [note, setNote] = useState<HostPrivacyNote>();
  const [text, setText] = useState('');
  const [saved, setSaved] = useState('');
  const { errors, message, busy, save, setMessage } = useFormSave();
  useEffect(() => {
    void client.getPrivacyNote(occasionId).then((result) => {
      if (result.error) return setMessage('The privacy note could not be loaded.');
      setNote(result.data);
      setText(result.data.privacyNote ?? '');
    });
  }, [client, occasionId, setMessage]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaved('');
    const updated = await save(PrivacyNoteUpdateSchema, { privacyNote: text }, (body) => client.updatePrivacyNote(occasionId, body));
    if (!updated) return;
    setNote(updated);
    setText(updated.privacyNote ?? '');
    setSaved(updated.privacyNote === null ? 'Saved: guests see the default note.' : 'Saved.');
  }

  return (
    <Form className="card" onSubmit={submit} validationBehavior="aria" aria-labelledby="privacy-note-title">
      <h2 id="privacy-note-title">Privacy note for guests</h2>
      <TextInput
        label="Your privacy note"
        multiline
        value={text}
        onChange={setText}
        error={errors.privacyNote}
        isDisabled={!note}
        description={`What guests read under “Privacy” in the RSVP widget: who keeps their data, what for and how long. At most ${formatCount(PRIVACY_NOTE_MAX)} characters. Leave it empty to show the default below.`}
      />
      {note ? (
        <details>
          <summary className="small">The default note</summary>
          <p className="small muted" style={{ whiteSpace: 'pre-line' }}>
            {note.defaultNote}
          </p>
        </details>
      ) : null}
      <FormMessage messages={[message]} focus />
      <div className="row row--center" style={{ marginTop: 16 }}>
        <Button type="submit" className="button" isDisabled={busy || !note}>
          {busy ? 'Saving…' : 'Save privacy note'}
        </Button>
        <span role="status" className="small muted">
          {saved}
        </span>
      </div>
    </Form>
  );
}
