import { useRef, useState } from 'react';
import { formatPhone } from '../../core/format/format-phone';
import type { EventHousehold } from '../../core/schemas/event';
import type { Connection } from '../data/connection';
import { useWholeStrings } from '../i18n/later-strings';
import { Alert } from '../ui/field';
import { Fold } from '../ui/fold';
import { Busy, Retry } from '../ui/status';
import { fullName } from './names';

type FormModule = typeof import('./household-form');
let formModule: Promise<FormModule> | undefined;
/** The form's chunk, fetched once (again after a failure). */
const loadForm = (): Promise<FormModule> =>
  (formModule ??= import('./household-form').catch((error: unknown) => {
    formModule = undefined;
    throw error;
  }));


/**
 * The household's address, contact and members, and the form that corrects them, folded
 * under the RSVP. "Saved" shows until the guest moves on (the focus leaves the card).
 */
export function HouseholdCard({ connection, household }: { connection: Connection; household: EventHousehold }) {
  const strings = useWholeStrings();
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const summary = useRef<HTMLElement>(null);
  const leave = (wasSaved: boolean) => {
    setEditing(false);
    setSaved(wasSaved);
    // The form is gone: the focus goes back to the top of the card.
    setTimeout(() => summary.current?.focus());
  };
  const [form, setForm] = useState<FormModule | 'failed'>();
  // Country values are their names, but for the United States (contract section 5).
  const country = household.country === 'USA' ? 'United States' : household.country;
  const edit = () => {
    setSaved(false);
    setEditing(true);
    loadForm().then(setForm, () => setForm('failed'));
  };
  const place = [household.city, [household.state, household.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const address = [household.addressLine1, household.addressLine2, place, country].filter(Boolean).join('\n');
  const names = new Map(household.guests.map((guest) => [guest.id, fullName(guest)]));

  return (
    <Fold title={strings.household} summaryRef={summary} onLeave={() => setSaved(false)}>
        {editing ? (
          form === 'failed' ? (
            <Retry message={strings.networkError} onRetry={edit} />
          ) : form ? (
            <form.HouseholdForm connection={connection} household={household} strings={strings} onDone={leave} />
          ) : (
            <Busy />
          )
        ) : (
          <>
            {saved ? <Alert tone="good">{strings.saved}</Alert> : null}
            <dl>
              <dt>{strings.address}</dt>
              <dd className="text">{address || strings.notGiven}</dd>
              <dt>{strings.phone}</dt>
              <dd>{formatPhone(household.phone) || strings.notGiven}</dd>
              <dt>{strings.email}</dt>
              <dd>{household.email || strings.notGiven}</dd>
            </dl>
            <h3 part="heading">{strings.members}</h3>
            <ul className="stack">
              {household.guests.map((guest) => (
                <li key={guest.id} className="text">
                  <strong>{names.get(guest.id)}</strong>
                  {guest.plusOneOf ? ` · ${strings.plusOneOf(names.get(guest.plusOneOf) ?? '')}` : ''}
                  {guest.dietaryNotes ? `\n${strings.dietaryNotes}: ${guest.dietaryNotes}` : ''}
                </li>
              ))}
            </ul>
            <div>
              <button
                type="button"
                className="secondary"
                part="button secondary"
                onClick={edit}
              >
                {strings.editHousehold}
              </button>
            </div>
          </>
        )}
    </Fold>
  );
}

