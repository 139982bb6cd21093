import { useRef, useState } from 'react';
import { countryOptions } from '../../core/options/countries';
import { statesForCountry } from '../../core/options/states';
import type { EventHousehold } from '../../core/schemas/event';
import type { Connection } from '../data/connection';
import { describeError, fieldIssues } from '../data/errors';
import type { Catalogue } from '../i18n';
import { Alert, Field } from '../ui/field';
import { useFocusFirstInvalid } from '../ui/focus';
import { fullName } from './names';

/** The address fields a guest may correct: key, autocomplete token, most characters. */
const ADDRESS = [
  ['addressLine1', 'address-line1', 200],
  ['addressLine2', 'address-line2', 200],
  ['city', 'address-level2', 200],
  ['state', 'address-level1', 200],
  ['postalCode', 'postal-code', 20],
  ['country', 'country-name', 0],
  ['phone', 'tel', 32],
  ['email', 'email', 254],
] as const;
type AddressKey = (typeof ADDRESS)[number][0];
type Member = { id: string; firstName: string; lastName: string; dietaryNotes: string };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The household form: a chunk of its own with the country and state lists, loaded when the
 * guest first asks to edit (most never do). Its strings are the household card's (whole: English
 * joins its later screens' strings in the card's chunk).
 */
export function HouseholdForm({ connection, household, strings, onDone }: { connection: Connection; household: EventHousehold; strings: Catalogue; onDone: (saved: boolean) => void }) {
  const [address, setAddress] = useState(() => Object.fromEntries(ADDRESS.map(([key]) => [key, household[key]])) as Record<AddressKey, string>);
  const [members, setMembers] = useState<Member[]>(() => household.guests.map(({ id, firstName, lastName, dietaryNotes }) => ({ id, firstName, lastName, dietaryNotes })));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const attempt = useFocusFirstInvalid(form);
  const states = statesForCountry(address.country);
  const canada = address.country === 'Canada';
  const fail = (found: Record<string, string>, message: string) => {
    setErrors(found);
    setFailure(message);
    attempt();
  };

  const submit = async () => {
    if (busy) return;
    const found: Record<string, string> = {};
    if (address.email.trim() && !EMAIL.test(address.email.trim())) found.email = strings.invalidEmail;
    members.forEach((member, index) => {
      if (!member.firstName.trim()) found[`guests.${index}.firstName`] = strings.required(strings.firstName);
    });
    if (Object.keys(found).length) return fail(found, strings.fixErrors);
    setBusy(true);
    const result = await connection.updateHousehold({ ...address, guests: members });
    setBusy(false);
    if (result.error) fail(fieldIssues(result.error), describeError(result.error, strings));
    else onDone(true);
  };

  const fields = ADDRESS.map(([key, autoComplete, maxLength]) => {
    const props = {
      label: key === 'state' && states.length ? (canada ? strings.province : strings.usState) : strings[key],
      value: address[key],
      autoComplete,
      error: errors[key],
      className: key.startsWith('address') ? 'wide' : '',
      onValue: (value: string) =>
        setAddress((current) => ({
          ...current,
          [key]: value,
          // A state from one country's list means nothing in another country.
          ...(key === 'country' && statesForCountry(current.country) !== statesForCountry(value) && { state: '' }),
        })),
    };
    return key === 'country' || (key === 'state' && states.length) ? (
      <Field key={key} {...props} options={key === 'country' ? countryOptions : states} placeholder={strings.choose} />
    ) : (
      <Field key={key} {...props} maxLength={maxLength} type={key === 'email' ? 'email' : key === 'phone' ? 'tel' : 'text'} />
    );
  });

  return (
    <form
      ref={form}
      className="stack"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {failure ? <Alert tone="bad">{failure}</Alert> : null}
      <fieldset>
        <legend>{strings.address}</legend>
        <div className="grid">{fields.slice(0, 6)}</div>
      </fieldset>
      <div className="grid">{fields.slice(6)}</div>
      {members.map((member, index) => {
        const at = (key: Exclude<keyof Member, 'id'>) => ({
          label: strings[key],
          value: member[key],
          error: errors[`guests.${index}.${key}`],
          onValue: (value: string) => setMembers((current) => current.map((m, i) => (i === index ? { ...m, [key]: value } : m))),
        });
        return (
          <fieldset key={member.id}>
            <legend>{fullName(household.guests[index]!)}</legend>
            <div className="grid">
              <Field {...at('firstName')} autoComplete="off" required maxLength={100} />
              <Field {...at('lastName')} autoComplete="off" maxLength={100} />
              <Field {...at('dietaryNotes')} className="wide" hint={strings.dietaryNotesHint} multiline maxLength={1000} />
            </div>
          </fieldset>
        );
      })}
      <div className="row">
        <button type="submit" part="button" aria-disabled={busy || undefined}>
          {busy ? strings.busy : strings.save}
        </button>
        <button type="button" className="secondary" part="button secondary" onClick={() => onDone(false)}>
          {strings.cancel}
        </button>
      </div>
    </form>
  );
}

// See folded.ts: one shared chunk rather than several small ones.
export { Busy } from '../ui/status';
export { formatDates } from './dates';
export { initialDraft } from './rsvp-model';
