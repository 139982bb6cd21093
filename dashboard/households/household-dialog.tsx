import { useMemo, useState, type FormEvent } from 'react';
import { Button, Form } from 'react-aria-components';
import { Link } from 'wouter';
import { errorMessage } from '../../core/client/result';
import { formatPhone } from '../../core/format';
import { countryOptions, statesForCountry } from '../../core/options';
import type { Guest } from '../../core/schemas/guest';
import { HouseholdCreateSchema, type Household, type HouseholdCreate } from '../../core/schemas/household';
import { DeleteDialog, ModalDialog } from '../components/dialog';
import { EraseHouseholdDialog } from '../components/erase-dialogs';
import { useFormSave } from '../components/use-form-save';
import { ComboBoxField } from '../components/combo-box-field';
import { SelectField } from '../components/select-field';
import { FormMessage, TextInput } from '../components/text-input';
import { useKindly } from '../data/kindly';
import { AnswersOf } from '../questions/answers-of';
import { EntityHistory } from '../history/entity-history';
import { NO_HOUSEHOLD } from '../guests/guest-filters';
import { useCan, useOccasion } from '../occasion/occasion-context';
import { HouseholdReply } from '../replies/household-reply';

/** The form's values: the create body's fields, all text. */
type Values = HouseholdCreate;

/** The create body's keys, from its schema. */
const FIELDS = Object.keys(HouseholdCreateSchema.pipe[0].entries) as (keyof Values)[];

function valuesOf(household: Household | undefined): Values {
  return Object.fromEntries(FIELDS.map((field) => [field, household?.[field] ?? ''])) as Values;
}

export interface HouseholdDialogProps {
  occasionId: string;
  household: Household | undefined;
  households: readonly Household[];
  guests: readonly Guest[];
  onClose(): void;
}

/** Create or edit a household: name, address (country and state pickers), contact, notes, members. */
export function HouseholdDialog({ occasionId, household, households, guests, onClose }: HouseholdDialogProps) {
  const { stores } = useKindly();
  const { timezone } = useOccasion();
  const canWrite = useCan('write');
  const [values, setValues] = useState(() => valuesOf(household));
  const { errors, message, busy, save, setMessage } = useFormSave();
  const [deleting, setDeleting] = useState(false);
  const [erasing, setErasing] = useState(false);
  const set = (key: keyof Values) => (value: string) => setValues((current) => ({ ...current, [key]: value }));
  const states = statesForCountry(values.country);

  async function submit(event: FormEvent) {
    if (!canWrite) return event.preventDefault();
    event.preventDefault();
    const saved = await save(HouseholdCreateSchema, values, (output) =>
      household
        ? stores.$updateHousehold.mutate({ occasionId, householdId: household.id, body: output })
        : stores.$createHousehold.mutate({ occasionId, body: output }),
    );
    if (saved) onClose();
  }

  return (
    <>
      <ModalDialog title={household ? `Edit ${household.name}` : 'New household'} isOpen onOpenChange={(open) => !open && onClose()} wide>
        {(close) => (
          <Form onSubmit={submit} validationBehavior="aria" className="form" aria-label={household ? 'Edit household' : 'New household'}>
            <TextInput label="Household name" value={values.name} onChange={set('name')} error={errors.name} isRequired autoFocus description="As it appears on the envelope, e.g. The Okafor family." />
            <div className="form-grid">
              <TextInput label="Address line 1" value={values.addressLine1} onChange={set('addressLine1')} error={errors.addressLine1} autoComplete="address-line1" />
              <TextInput label="Address line 2" value={values.addressLine2} onChange={set('addressLine2')} error={errors.addressLine2} autoComplete="address-line2" />
              <TextInput label="City" value={values.city} onChange={set('city')} error={errors.city} autoComplete="address-level2" />
            </div>
            <div className="form-grid">
              <ComboBoxField
                label="Country"
                options={countryOptions}
                value={values.country}
                onChange={(country) =>
                  setValues((current) => ({
                    ...current,
                    country,
                    // A code of another country's list no longer fits.
                    state: statesForCountry(country).length > 0 && !statesForCountry(country).some((s) => s.value === current.state) ? '' : current.state,
                  }))
                }
                hideSelected={false}
                error={errors.country}
              />
              {states.length > 0 ? (
                <SelectField
                  label={values.country === 'Canada' ? 'Province or territory' : 'State'}
                  name="State"
                  options={states}
                  value={values.state}
                  onChange={set('state')}
                  error={errors.state}
                />
              ) : (
                <TextInput label="State, province or region" value={values.state} onChange={set('state')} error={errors.state} autoComplete="address-level1" />
              )}
              <TextInput label="Postal code" value={values.postalCode} onChange={set('postalCode')} error={errors.postalCode} autoComplete="postal-code" />
            </div>
            <div className="form-grid">
              <TextInput
                label="Phone"
                type="tel"
                value={values.phone}
                onChange={set('phone')}
                onBlur={() => set('phone')(formatPhone(values.phone))}
                error={errors.phone}
              />
              <TextInput label="Email" type="email" value={values.email} onChange={set('email')} error={errors.email} />
            </div>
            <TextInput label="Notes (only you see these)" multiline value={values.notes} onChange={set('notes')} error={errors.notes} />
            {household ? <HouseholdReply occasionId={occasionId} householdId={household.id} timeZone={timezone} /> : null}
            {household ? <Members occasionId={occasionId} household={household} households={households} guests={guests} /> : null}
            {household ? (
              <p>
                <Link href={`/cards?household=${encodeURIComponent(household.id)}`}>Print this household's invitation card</Link>
              </p>
            ) : null}
            {household ? <AnswersOf occasionId={occasionId} householdId={household.id} /> : null}
            {household ? <EntityHistory occasionId={occasionId} householdId={household.id} name={household.name} /> : null}
            <FormMessage messages={[message]} focus />
            <div className="dialog-actions">
              {household && canWrite ? (
                <>
                  <Button className="button button--danger" onPress={() => setDeleting(true)}>
                    Delete household…
                  </Button>
                  <Button className="button button--danger" onPress={() => setErasing(true)} style={{ marginRight: 'auto' }}>
                    Erase household…
                  </Button>
                </>
              ) : null}
              <Button className="button" onPress={close}>
                {canWrite ? 'Cancel' : 'Close'}
              </Button>
              {canWrite ? (
                <Button type="submit" className="button button--primary" isDisabled={busy}>
                  {busy ? 'Saving…' : household ? 'Save household' : 'Add household'}
                </Button>
              ) : null}
            </div>
          </Form>
        )}
      </ModalDialog>
      {household ? (
        <DeleteDialog
          title={`Delete ${household.name}?`}
          isOpen={deleting}
          onClose={() => setDeleting(false)}
          confirmLabel="Delete household"
          remove={async () => {
            // A failure stays in this dialog, beside its button; the household's dialog closes once it is gone.
            const result = await stores.$deleteHousehold.mutate({ occasionId, householdId: household.id });
            if (!result.error) onClose();
            return result;
          }}
        >
          <p>Its guests stay on the guest list, without a household. Its invite code stops working.</p>
        </DeleteDialog>
      ) : null}
      {household ? (
        <EraseHouseholdDialog
          name={household.name}
          isOpen={erasing}
          onClose={() => setErasing(false)}
          erase={async () => {
            const result = await stores.$eraseHousehold.mutate({ occasionId, householdId: household.id });
            if (!result.error) onClose();
            return result;
          }}
        />
      ) : null}
    </>
  );
}

/** The household's members, moving each to another household, and adding guests to it. */
function Members({ occasionId, household, households, guests }: { occasionId: string; household: Household; households: readonly Household[]; guests: readonly Guest[] }) {
  const { stores } = useKindly();
  const [status, setStatus] = useState('');
  const [failure, setFailure] = useState<string>();
  const members = guests.filter((guest) => guest.householdId === household.id);
  const otherHouseholds = useMemo(
    () => [{ value: NO_HOUSEHOLD, text: '(No household)' }, ...households.filter((h) => h.id !== household.id).map((h) => ({ value: h.id, text: h.name }))],
    [households, household.id],
  );
  const others = useMemo(
    () =>
      guests
        .filter((guest) => guest.householdId !== household.id)
        .map((guest) => ({ value: guest.id, text: `${guest.firstName} ${guest.lastName}`.trim() })),
    [guests, household.id],
  );

  async function move(guest: Guest, householdId: string | null) {
    setStatus('Moving…');
    setFailure(undefined);
    const result = await stores.$updateGuest.mutate({ occasionId, guestId: guest.id, body: { householdId } });
    const name = `${guest.firstName} ${guest.lastName}`.trim();
    setStatus(result.error ? '' : `${name} moved.`);
    if (result.error) setFailure(`Could not move ${name}: ${errorMessage(result.error)}`);
  }

  return (
    <fieldset className="card" style={{ margin: 0 }}>
      <legend style={{ fontWeight: 600 }}>Members</legend>
      {members.length === 0 ? <p className="small muted">No guests in this household yet.</p> : null}
      <ul style={{ listStyle: 'none', padding: 0 }} className="stack">
        {members.map((guest) => (
          <li key={guest.id}>
            <ComboBoxField
              label={`Move ${guest.firstName} ${guest.lastName} to`}
              options={otherHouseholds}
              value=""
              onChange={(value) => value && void move(guest, value === NO_HOUSEHOLD ? null : value)}
              placeholder="Another household…"
              limit={100}
            />
          </li>
        ))}
      </ul>
      <ComboBoxField
        label="Add a guest to this household"
        options={others}
        value=""
        onChange={(guestId) => {
          const guest = guests.find((entry) => entry.id === guestId);
          if (guest) void move(guest, household.id);
        }}
        placeholder="Type a name…"
        limit={50}
      />
      <FormMessage messages={[failure]} focus />
      <p role="status" className="small muted">
        {status}
      </p>
    </fieldset>
  );
}
