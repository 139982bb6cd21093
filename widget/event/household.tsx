import { useRef, useState } from 'react';
import type { EventHousehold, EventHouseholdGuest } from '../../core/schemas/event';
import { formatPhone } from '../../core/format/format-phone';
import { countryOptions } from '../../core/options/countries';
import { statesForCountry } from '../../core/options/states';
import type { Connection } from '../data/connection';
import { describeError, fieldIssues } from '../data/errors';
import { useStrings, type Catalogue } from '../i18n';
import { Alert, SelectField, TextField } from '../ui/field';
import { useFocusFirstInvalid } from '../ui/focus';

const ADDRESS = ['addressLine1', 'addressLine2', 'city', 'state', 'postalCode', 'country', 'phone', 'email'] as const;
type AddressKey = (typeof ADDRESS)[number];
type Address = Record<AddressKey, string>;
type Member = Pick<EventHouseholdGuest, 'id' | 'firstName' | 'lastName' | 'dietaryNotes'>;

/** A member's name as people write it. */
export const fullName = (guest: { firstName: string; lastName: string }): string => `${guest.firstName} ${guest.lastName}`.trim();

/** The household's address, contact and members, and the form that corrects them. */
export function HouseholdCard({ connection, household }: { connection: Connection; household: EventHousehold }) {
  const strings = useStrings();
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const leave = (wasSaved: boolean) => {
    setEditing(false);
    setSaved(wasSaved);
    // The form is gone: put the focus back at the top of the section.
    queueMicrotask(() => heading.current?.focus());
  };
  return (
    <section className="card" part="card" aria-labelledby="kindly-household">
      <h3 id="kindly-household" ref={heading} tabIndex={-1} part="heading">
        {strings.household}
      </h3>
      {editing ? (
        <HouseholdForm connection={connection} household={household} onDone={leave} />
      ) : (
        <>
          {saved ? <Alert tone="good">{strings.saved}</Alert> : null}
          <HouseholdView household={household} strings={strings} />
          <div>
            <button
              type="button"
              className="secondary"
              part="button secondary"
              onClick={() => {
                setSaved(false);
                setEditing(true);
              }}
            >
              {strings.editHousehold}
            </button>
          </div>
        </>
      )}
    </section>
  );
}

function HouseholdView({ household, strings }: { household: EventHousehold; strings: Catalogue }) {
  const country = countryOptions.find((option) => option.value === household.country)?.text ?? household.country;
  const cityLine = [household.city, [household.state, household.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const address = [household.addressLine1, household.addressLine2, cityLine, country].filter(Boolean).join('\n');
  const byId = new Map(household.guests.map((guest) => [guest.id, guest]));
  return (
    <>
      <dl>
        <dt>{strings.address}</dt>
        <dd className="text">{address || strings.notGiven}</dd>
        <dt>{strings.phone}</dt>
        <dd>{household.phone ? formatPhone(household.phone) : strings.notGiven}</dd>
        <dt>{strings.email}</dt>
        <dd>{household.email || strings.notGiven}</dd>
      </dl>
      <h4>{strings.members}</h4>
      <ul className="stack">
        {household.guests.map((guest) => {
          const host = guest.plusOneOf ? byId.get(guest.plusOneOf) : undefined;
          return (
            <li key={guest.id}>
              <strong>{fullName(guest)}</strong>
              {host ? <span className="muted"> · {strings.plusOneOf(fullName(host))}</span> : null}
              {guest.dietaryNotes ? (
                <span className="muted text">
                  <br />
                  {strings.dietaryNotes}: {guest.dietaryNotes}
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
    </>
  );
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The plain text fields of the address form: key, autocomplete token, most characters, full width. */
const TEXT_FIELDS: ReadonlyArray<readonly [AddressKey, string, number, boolean?]> = [
  ['addressLine1', 'address-line1', 200, true],
  ['addressLine2', 'address-line2', 200, true],
  ['city', 'address-level2', 200],
  ['postalCode', 'postal-code', 20],
];

function HouseholdForm(props: { connection: Connection; household: EventHousehold; onDone: (saved: boolean) => void }) {
  const { connection, household, onDone } = props;
  const strings = useStrings();
  const [address, setAddress] = useState<Address>(() => Object.fromEntries(ADDRESS.map((key) => [key, household[key]])) as Address);
  const [members, setMembers] = useState<Member[]>(() =>
    household.guests.map(({ id, firstName, lastName, dietaryNotes }) => ({ id, firstName, lastName, dietaryNotes })),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(form, attempt);

  const states = statesForCountry(address.country);
  const canada = address.country === 'Canada';
  const set = (key: AddressKey) => (value: string) =>
    setAddress((current) => {
      const next = { ...current, [key]: value };
      // A state picked from one country's list means nothing in another country.
      if (key === 'country' && statesForCountry(current.country) !== statesForCountry(value)) next.state = '';
      return next;
    });
  const setMember = (index: number, key: keyof Omit<Member, 'id'>) => (value: string) =>
    setMembers((current) => current.map((member, i) => (i === index ? { ...member, [key]: value } : member)));
  const fail = (found: Record<string, string>, message: string) => {
    setErrors(found);
    setFailure(message);
    setAttempt((count) => count + 1);
  };

  const submit = async (event: { preventDefault(): void }) => {
    event.preventDefault();
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
    if (result.error) fail(fieldIssues(result.error), describeError(result.error, strings, connection.lastRetryAfter()));
    else onDone(true);
  };
  const text = (key: AddressKey, autoComplete: string, maxLength: number, wide?: boolean) => (
    <TextField
      key={key}
      className={wide ? 'wide' : undefined}
      label={strings[key]}
      value={address[key]}
      onValue={set(key)}
      type={key === 'email' ? 'email' : key === 'phone' ? 'tel' : 'text'}
      autoComplete={autoComplete}
      maxLength={maxLength}
      error={errors[key]}
    />
  );

  return (
    <form ref={form} className="stack" noValidate onSubmit={submit}>
      {failure ? <Alert tone="bad">{failure}</Alert> : null}
      <fieldset>
        <legend>{strings.address}</legend>
        <div className="grid">
          {TEXT_FIELDS.map(([key, autoComplete, maxLength, wide]) => text(key, autoComplete, maxLength, wide))}
          {states.length ? (
            <SelectField
              label={canada ? strings.province : strings.usState}
              value={address.state}
              onValue={set('state')}
              options={states}
              placeholder={canada ? strings.chooseProvince : strings.chooseState}
              autoComplete="address-level1"
              error={errors.state}
            />
          ) : (
            text('state', 'address-level1', 200)
          )}
          <SelectField
            label={strings.country}
            value={address.country}
            onValue={set('country')}
            options={countryOptions}
            placeholder={strings.chooseCountry}
            autoComplete="country-name"
            error={errors.country}
          />
        </div>
      </fieldset>
      <div className="grid">
        {text('phone', 'tel', 32)}
        {text('email', 'email', 254)}
      </div>
      {members.map((member, index) => {
        const at = (key: keyof Omit<Member, 'id'>) => ({ value: member[key], onValue: setMember(index, key), error: errors[`guests.${index}.${key}`] });
        return (
          <fieldset key={member.id}>
            <legend>{fullName(household.guests[index]!)}</legend>
            <div className="grid">
              <TextField label={strings.firstName} {...at('firstName')} required maxLength={100} />
              <TextField label={strings.lastName} {...at('lastName')} maxLength={100} />
              <TextField className="wide" label={strings.dietaryNotes} hint={strings.dietaryNotesHint} {...at('dietaryNotes')} multiline maxLength={1000} />
            </div>
          </fieldset>
        );
      })}
      <div className="row">
        <button type="submit" part="button" aria-disabled={busy || undefined}>
          {busy ? strings.saving : strings.save}
        </button>
        <button type="button" className="secondary" part="button secondary" onClick={() => onDone(false)}>
          {strings.cancel}
        </button>
      </div>
    </form>
  );
}
