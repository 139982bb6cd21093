import { useState } from 'react';
import type { ClientError } from '../../core/client/result';
import type { Connection } from '../data/connection';
import { describeError } from '../data/errors';
import { useWholeStrings } from '../i18n/later-strings';
import { Alert, Field } from '../ui/field';

/**
 * The guest's own data, under the cards, as native disclosures and a button: "Privacy" shows the
 * occasion's privacy note (asked for when first opened), "Download my data" saves the
 * household's data as a JSON file, "Ask to erase my data" sends the hosts an erasure request
 * with an optional message. In the folded chunk: a chunk of its own made Rolldown move Preact
 * out of the app into a shared chunk, which cost the first load more than these bytes.
 */
export function GuestData({ connection }: { connection: Connection }) {
  const strings = useWholeStrings();
  const { client } = connection;
  const [note, setNote] = useState<string>();
  const [message, setMessage] = useState('');
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<ClientError>();
  const answer = <T,>(then: (data: T) => void) => (result: { data?: T; error?: ClientError }) => {
    setError(result.error);
    if (result.data) then(result.data);
  };
  return (
    <div className="stack pad">
      <details onToggle={() => note ?? void client.getPrivacyNote(connection.occasionId).then(answer((data) => setNote(data.note)))}>
        <summary part="link">{strings.privacy}</summary>
        <p className="text">{note}</p>
      </details>
      <div>
        <button type="button" className="link" part="link" onClick={() => void client.getHouseholdData().then(answer((data) => saveJson(data, `${strings.dataFileName}.json`)))}>
          {strings.downloadData}
        </button>
      </div>
      <details>
        <summary part="link">{strings.askErasure}</summary>
        {sent ? (
          <Alert tone="good">{strings.erasureSent}</Alert>
        ) : (
          <form className="stack" onSubmit={(event) => (event.preventDefault(), void client.requestErasure({ message }).then(answer(() => setSent(true))))}>
            <p>{strings.erasureIntro}</p>
            <Field label={strings.erasureMessage} value={message} onValue={setMessage} multiline maxLength={1000} />
            <div>
              <button type="submit" part="button">
                {strings.sendErasure}
              </button>
            </div>
          </form>
        )}
      </details>
      {error ? <Alert tone="bad">{describeError(error, strings)}</Alert> : null}
    </div>
  );
}

/** Has the browser save `data` as a JSON file. */
function saveJson(data: unknown, fileName: string): void {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  link.download = fileName;
  link.click();
}
