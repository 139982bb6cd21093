import { useState, type FormEvent } from 'react';
import { Button, Form } from 'react-aria-components';
import { errorMessage } from '../../core/client/result';
import { formatPhone } from '../../core/format';
import type { OptionEntry } from '../../core/options';
import { GuestCreateSchema, GuestUpdateSchema, type AgeGroup, type Guest, type GuestCreate } from '../../core/schemas/guest';
import type { InviteLinesBulkRow, InviteResponse } from '../../core/schemas/invite-line';
import { DeleteDialog, ModalDialog } from '../components/dialog';
import { EraseGuestDialog } from '../components/erase-dialogs';
import { serverErrors, validateForm, type FieldErrors } from '../components/form-errors';
import { ComboBoxField } from '../components/combo-box-field';
import { MultiSelectField } from '../components/multi-select-field';
import { SelectField } from '../components/select-field';
import { Checkbox, FormMessage, TextInput } from '../components/text-input';
import { useDraftState } from '../data/drafts';
import { useKindly } from '../data/kindly';
import { AnswersOf } from '../questions/answers-of';
import { useCan, useOccasion } from '../occasion/occasion-context';
import { HouseholdReply } from '../replies/household-reply';
import { EntityHistory } from '../history/entity-history';
import type { OccasionData } from './occasion-data';

const AGE_OPTIONS: OptionEntry[] = [
  { value: 'ADULT', text: 'Adult' },
  { value: 'CHILD', text: 'Child' },
  { value: 'INFANT', text: 'Infant' },
];

const NOT_INVITED = 'NONE';
export const RESPONSE_OPTIONS: OptionEntry[] = [
  { value: NOT_INVITED, text: 'Not invited' },
  { value: 'PENDING', text: 'Invited, no answer yet' },
  { value: 'ATTENDING', text: 'Attending' },
  { value: 'DECLINED', text: 'Declined' },
];

interface Invite {
  response: typeof NOT_INVITED | InviteResponse;
  mealChoice: string;
}

/** The guest form's values: the create body's fields (no household as ''), a new household to make, the invitations. */
interface GuestValues extends Omit<GuestCreate, 'householdId'> {
  householdId: string;
  newHousehold: boolean;
  newHouseholdName: string;
  invites: Record<string, Invite>;
}

function valuesOf(guest: Guest | undefined, data: OccasionData): GuestValues {
  const invites: Record<string, Invite> = {};
  for (const activity of data.activities) {
    const invitation = guest?.invitations.find((entry) => entry.activityId === activity.id);
    invites[activity.id] = invitation
      ? { response: invitation.response, mealChoice: invitation.mealChoice ?? '' }
      : { response: NOT_INVITED, mealChoice: '' };
  }
  return {
    firstName: guest?.firstName ?? '',
    lastName: guest?.lastName ?? '',
    email: guest?.email ?? '',
    phone: guest?.phone ?? '',
    ageGroup: guest?.ageGroup ?? 'ADULT',
    plusOneAllowed: guest?.plusOneAllowed ?? false,
    householdId: guest?.householdId ?? '',
    newHousehold: false,
    newHouseholdName: '',
    dietaryNotes: guest?.dietaryNotes ?? '',
    notes: guest?.notes ?? '',
    attributes: { ...(guest?.attributes ?? {}) },
    invites,
  };
}

/** The invite-line rows that turn the guest's invitations into the form's. */
export function invitationChanges(
  guestId: string,
  before: Guest['invitations'],
  invites: Record<string, { response: string; mealChoice: string }>,
): InviteLinesBulkRow[] {
  const lines: InviteLinesBulkRow[] = [];
  for (const [activityId, invite] of Object.entries(invites)) {
    const now = before.find((invitation) => invitation.activityId === activityId);
    if (invite.response === NOT_INVITED) {
      if (now) lines.push({ guestId, activityId, invited: false });
      continue;
    }
    const response = invite.response as InviteResponse;
    const mealChoice = response === 'ATTENDING' && invite.mealChoice ? invite.mealChoice : null;
    if (now && now.response === response && now.mealChoice === mealChoice) continue;
    lines.push({ guestId, activityId, invited: true, response, mealChoice });
  }
  return lines;
}

const RESTORED = 'What you typed before signing in again is back. Check it and save.';

/** Where the guest form keeps what was typed across a sign-in. */
function guestDraftKey(occasionId: string, guestId: string | undefined): string {
  return `guest:${occasionId}:${guestId ?? 'new'}`;
}


export interface GuestDialogProps {
  occasionId: string;
  guest: Guest | undefined;
  data: OccasionData;
  onClose(): void;
}

/** Create or edit a guest: details, household, attributes, and invitations with answers. */
export function GuestDialog({ occasionId, guest, data, onClose: close }: GuestDialogProps) {
  const { stores } = useKindly();
  const { timezone } = useOccasion();
  const canWrite = useCan('write');
  const [values, setValues, restored, discardDraft] = useDraftState(guestDraftKey(occasionId, guest?.id), () => valuesOf(guest, data));
  const onClose = () => {
    discardDraft();
    close();
  };
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | undefined>(restored ? RESTORED : undefined);
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [erasing, setErasing] = useState(false);
  const set = <K extends keyof GuestValues>(key: K) => (value: GuestValues[K]) => setValues((current) => ({ ...current, [key]: value }));
  const householdOptions = data.households.map((household) => ({ value: household.id, text: household.name }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!canWrite) return;
    setMessage(undefined);
    const body = {
      firstName: values.firstName,
      lastName: values.lastName,
      email: values.email,
      phone: values.phone,
      ageGroup: values.ageGroup,
      plusOneAllowed: values.plusOneAllowed,
      householdId: values.newHousehold ? null : values.householdId || null,
      dietaryNotes: values.dietaryNotes,
      notes: values.notes,
      attributes: Object.fromEntries(Object.entries(values.attributes).filter(([id]) => data.categories.some((c) => c.id === id))),
    };
    const checked = guest ? validateForm(GuestUpdateSchema, body) : validateForm(GuestCreateSchema, body);
    const problems: FieldErrors = { ...checked.errors };
    if (values.newHousehold && !values.newHouseholdName.trim()) problems.newHouseholdName = 'Name the new household.';
    setErrors(problems);
    if (!checked.ok || Object.keys(problems).length > 0) {
      setMessage('Some fields need attention.');
      return;
    }
    setBusy(true);
    try {
      const output = { ...checked.output } as Record<string, unknown>;
      if (values.newHousehold) {
        const household = await stores.$createHousehold.mutate({ occasionId, body: { name: values.newHouseholdName } });
        if (household.error) {
          const failure = serverErrors(household.error);
          setErrors({ newHouseholdName: failure.errors.name ?? failure.message });
          setMessage(failure.message);
          return;
        }
        output.householdId = household.data.id;
      }
      const saved = guest
        ? await stores.$updateGuest.mutate({ occasionId, guestId: guest.id, body: output })
        : await stores.$createGuest.mutate({ occasionId, body: output as typeof checked.output & { firstName: string } });
      if (saved.error) {
        const failure = serverErrors(saved.error);
        setErrors(failure.errors);
        setMessage(failure.message);
        return;
      }
      const lines = invitationChanges(saved.data.id, guest?.invitations ?? [], values.invites);
      if (lines.length > 0) {
        const result = await stores.$updateInviteLines.mutate({ occasionId, body: { lines } });
        if (result.error) {
          const failure = serverErrors(result.error);
          setMessage(`The guest is saved, but the invitations are not: ${failure.message}`);
          return;
        }
      }
      onClose();
    } finally {
      setBusy(false);
    }
  }

  const name = guest ? `${guest.firstName} ${guest.lastName}`.trim() : '';

  return (
    <>
      <ModalDialog title={guest ? `${canWrite ? 'Edit' : 'View'} ${name}` : 'New guest'} isOpen onOpenChange={(open) => !open && onClose()} wide>
        {(close) => (
          <Form onSubmit={submit} validationBehavior="aria" aria-label={guest ? `${canWrite ? 'Edit' : 'View'} ${name}` : 'New guest'} className="form">
            <div className="form-grid">
              <TextInput label="First name" value={values.firstName} onChange={set('firstName')} error={errors.firstName} isRequired autoFocus />
              <TextInput label="Last name" value={values.lastName} onChange={set('lastName')} error={errors.lastName} />
              <SelectField
                label="Age group"
                options={AGE_OPTIONS}
                value={values.ageGroup}
                onChange={(value) => set('ageGroup')((value || 'ADULT') as AgeGroup)}
                error={errors.ageGroup}
                isRequired
              />
            </div>
            <div className="form-grid">
              <TextInput label="Email" type="email" value={values.email} onChange={set('email')} error={errors.email} />
              <TextInput
                label="Phone"
                type="tel"
                value={values.phone}
                onChange={set('phone')}
                onBlur={() => set('phone')(formatPhone(values.phone))}
                error={errors.phone}
              />
              <div className="field" style={{ justifyContent: 'flex-end' }}>
                <Checkbox isSelected={values.plusOneAllowed} onChange={set('plusOneAllowed')}>
                  May bring a plus-one
                </Checkbox>
              </div>
            </div>
            <div className="form-grid">
              {values.newHousehold ? (
                <TextInput
                  label="New household name"
                  value={values.newHouseholdName}
                  onChange={set('newHouseholdName')}
                  error={errors.newHouseholdName}
                  isRequired
                />
              ) : (
                <ComboBoxField
                  label="Household"
                  options={householdOptions}
                  value={values.householdId}
                  onChange={set('householdId')}
                  error={errors.householdId}
                  placeholder="No household"
                />
              )}
              <div className="field" style={{ justifyContent: 'flex-end' }}>
                <Checkbox isSelected={values.newHousehold} onChange={set('newHousehold')}>
                  Put in a new household
                </Checkbox>
              </div>
            </div>
            {data.categories.length > 0 ? (
              <div className="form-grid">
                {data.categories.map((category) =>
                  category.multiple ? (
                    <MultiSelectField
                      key={category.id}
                      label={category.name}
                      options={category.options}
                      value={values.attributes[category.id] ?? []}
                      onChange={(chosen) => set('attributes')({ ...values.attributes, [category.id]: chosen })}
                      error={errors[`attributes.${category.id}`]}
                    />
                  ) : (
                    <SelectField
                      key={category.id}
                      label={category.name}
                      options={category.options}
                      value={values.attributes[category.id]?.[0] ?? ''}
                      onChange={(chosen) => set('attributes')({ ...values.attributes, [category.id]: chosen ? [chosen] : [] })}
                      error={errors[`attributes.${category.id}`]}
                    />
                  ),
                )}
              </div>
            ) : null}
            {data.activities.length > 0 ? (
              <fieldset className="card" style={{ margin: 0 }}>
                <legend style={{ fontWeight: 600 }}>Invitations and answers</legend>
                <p className="small muted">Record answers received by phone or on paper here.</p>
                <div className="stack">
                  {data.activities.map((activity) => {
                    const invite = values.invites[activity.id]!;
                    const setInvite = (patch: Partial<Invite>) =>
                      set('invites')({ ...values.invites, [activity.id]: { ...invite, ...patch } });
                    return (
                      <div key={activity.id} className="row" data-activity-name={activity.name}>
                        <SelectField
                          label={activity.name}
                          name={`${activity.name} answer`}
                          options={RESPONSE_OPTIONS}
                          value={invite.response}
                          onChange={(response) => setInvite({ response: (response || NOT_INVITED) as Invite['response'] })}
                          clearable={false}
                          isRequired
                        />
                        {invite.response === 'ATTENDING' && activity.mealOptions.length > 0 ? (
                          <SelectField
                            label={`${activity.name} meal`}
                            options={activity.mealOptions}
                            value={invite.mealChoice}
                            onChange={(mealChoice) => setInvite({ mealChoice })}
                          />
                        ) : null}
                      </div>
                    );
                  })}
                </div>
              </fieldset>
            ) : null}
            {guest?.householdId ? (
              <HouseholdReply occasionId={occasionId} householdId={guest.householdId} timeZone={timezone} title="Their household's reply" />
            ) : null}
            <div className="form-grid">
              <TextInput label="Dietary notes" multiline value={values.dietaryNotes} onChange={set('dietaryNotes')} error={errors.dietaryNotes} />
              <TextInput
                label="Notes (only you see these)"
                multiline
                value={values.notes}
                onChange={set('notes')}
                error={errors.notes}
              />
            </div>
            {guest ? <AnswersOf occasionId={occasionId} guestId={guest.id} /> : null}
            {guest ? <EntityHistory occasionId={occasionId} guestId={guest.id} name={name} /> : null}
            <FormMessage messages={[message]} focus />
            <div className="dialog-actions">
              {guest && canWrite ? (
                <>
                  <Button className="button button--danger" onPress={() => setDeleting(true)}>
                    Delete guest…
                  </Button>
                  <Button className="button button--danger" onPress={() => setErasing(true)} style={{ marginRight: 'auto' }}>
                    Erase guest…
                  </Button>
                </>
              ) : null}
              <Button className="button" onPress={close}>
                {canWrite ? 'Cancel' : 'Close'}
              </Button>
              {canWrite ? (
                <Button type="submit" className="button button--primary" isDisabled={busy}>
                  {busy ? 'Saving…' : guest ? 'Save guest' : 'Add guest'}
                </Button>
              ) : null}
            </div>
          </Form>
        )}
      </ModalDialog>
      {guest ? (
        <DeleteDialog
          title={`Delete ${name}?`}
          isOpen={deleting}
          onClose={() => setDeleting(false)}
          confirmLabel="Delete guest"
          remove={async () => {
            // A failure stays in this dialog, beside its button; the guest's dialog closes once it is gone.
            const result = await stores.$deleteGuest.mutate({ occasionId, guestId: guest.id });
            if (!result.error) onClose();
            return result;
          }}
        >
          <p>Their invitations and answers are deleted too.</p>
        </DeleteDialog>
      ) : null}
      {guest ? (
        <EraseGuestDialog
          name={name}
          isOpen={erasing}
          onClose={() => setErasing(false)}
          erase={async () => {
            const result = await stores.$eraseGuest.mutate({ occasionId, guestId: guest.id });
            if (!result.error) onClose();
            return result;
          }}
        />
      ) : null}
    </>
  );
}
