import { useEffect, useState } from 'react';
import type { PrivacyNote } from '../../core/schemas/guest-data';
import type { ClientError } from '../../core/client/result';
import type { Connection } from '../data/connection';
import { describeError } from '../data/errors';
import { useWholeStrings } from '../i18n/later-strings';
import { Alert, Field } from '../ui/field';

type Open = 'note' | 'erase' | undefined;

/**
 * The guest's own data, under the cards: "Privacy" shows the occasion's privacy note (asked for
 * on the first click), "Download my data" saves the household's data as a JSON file, "Ask to
 * erase my data" sends the hosts an erasure request with an optional message.
 */
export function GuestData({ connection }: { connection: Connection }) {
  const strings = useWholeStrings();
  const [open, setOpen] = useState<Open>();
  const [error, setError] = useState<ClientError>();
  const toggle = (part: Open) => () => setOpen(open === part ? undefined : part);
  const download = async () => {
    const result = await connection.client.getHouseholdData();
    setError(result.error);
    if (result.data) saveJson(result.data, `${strings.dataFileName}.json`);
  };
  return (
    <div className="stack pad">
      <div className="row">
        <button type="button" className="link" part="link" aria-expanded={open === 'note'} onClick={toggle('note')}>
          {strings.privacy}
        </button>
        <button type="button" className="link" part="link" onClick={() => void download()}>
          {strings.downloadData}
        </button>
        <button type="button" className="link" part="link" aria-expanded={open === 'erase'} onClick={toggle('erase')}>
          {strings.askErasure}
        </button>
      </div>
      {error ? <Alert tone="bad">{describeError(error, strings, connection.lastRetryAfter())}</Alert> : null}
      {open === 'note' ? <PrivacyNoteText connection={connection} onError={setError} /> : null}
      {open === 'erase' ? <ErasureForm connection={connection} /> : null}
    </div>
  );
}

/** Kept for the page's life once read: the note changes rarely, and a guest may open it again. */
const notes = new Map<string, PrivacyNote>();

function PrivacyNoteText({ connection, onError }: { connection: Connection; onError: (error: ClientError | undefined) => void }) {
  const [note, setNote] = useState(notes.get(connection.occasionId));
  useEffect(() => {
    if (note) return;
    void connection.client.getPrivacyNote(connection.occasionId).then((result) => {
      onError(result.error);
      if (result.data) notes.set(connection.occasionId, result.data), setNote(result.data);
    });
    // Asked once, when the note first opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return note ? (
    <section className="card stack" part="card" aria-label={note.occasionTitle}>
      <p className="text">{note.note}</p>
    </section>
  ) : null;
}

function ErasureForm({ connection }: { connection: Connection }) {
  const strings = useWholeStrings();
  const [message, setMessage] = useState('');
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<ClientError>();
  const [busy, setBusy] = useState(false);
  if (sent) return <Alert tone="good">{strings.erasureSent}</Alert>;
  return (
    <form
      className="card stack"
      part="card"
      onSubmit={(event) => {
        event.preventDefault();
        setBusy(true);
        void connection.client.requestErasure({ message }).then((result) => {
          setBusy(false);
          setError(result.error);
          setSent(!!result.data);
        });
      }}
    >
      <p>{strings.erasureIntro}</p>
      <Field label={strings.erasureMessage} value={message} onValue={setMessage} multiline maxLength={1000} />
      {error ? <Alert tone="bad">{describeError(error, strings, connection.lastRetryAfter())}</Alert> : null}
      <div>
        <button type="submit" part="button" disabled={busy}>
          {strings.sendErasure}
        </button>
      </div>
    </form>
  );
}

/** Has the browser save `data` as a JSON file. */
function saveJson(data: unknown, fileName: string): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
