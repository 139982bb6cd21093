import { useState, type ReactNode } from 'react';
import { Button } from 'react-aria-components';
import type { OptionEntry } from '../../core/options';
import type { Guest } from '../../core/schemas/guest';
import type { InviteResponse } from '../../core/schemas/invite-line';
import { ComboBoxField } from '../components/combo-box-field';
import { ModalDialog } from '../components/dialog';
import { serverErrors } from '../components/form-errors';
import { plural } from '../components/format';
import { MultiSelectField } from '../components/multi-select-field';
import { SelectField } from '../components/select-field';
import { ProgressBar } from '../components/states';
import { FormMessage } from '../components/text-input';
import { useKindly } from '../data/kindly';
import { chunk, GUESTS_PER_CALL, inviteLines, replyLines, sendInviteLines, uninviteLines } from './bulk-writes';
import type { OccasionData } from './occasion-data';

type Action = 'attribute' | 'household' | 'invite' | 'uninvite' | 'reply' | 'delete';

export interface BulkBarProps {
  occasionId: string;
  data: OccasionData;
  selected: Guest[];
  onClear(): void;
  onDone(message: string): void;
}

/** The actions on the selected guests: attributes, invitations, answers, deletion. */
export function BulkBar({ occasionId, data, selected, onClear, onDone }: BulkBarProps) {
  const [action, setAction] = useState<Action | null>(null);
  const close = () => setAction(null);
  const props = { occasionId, data, guests: selected, onClose: close, onDone: (message: string) => (close(), onDone(message)) };
  return (
    <div className="bulkbar" role="region" aria-label="Selected guests">
      <strong>{plural(selected.length, 'guest')} selected</strong>
      <Button className="button button--small" onPress={() => setAction('attribute')} isDisabled={data.categories.length === 0}>
        Set attribute…
      </Button>
      <Button className="button button--small" onPress={() => setAction('household')}>
        Move to household…
      </Button>
      <Button className="button button--small" onPress={() => setAction('invite')} isDisabled={data.activities.length === 0}>
        Invite to…
      </Button>
      <Button className="button button--small" onPress={() => setAction('uninvite')} isDisabled={data.activities.length === 0}>
        Remove from…
      </Button>
      <Button className="button button--small" onPress={() => setAction('reply')} isDisabled={data.activities.length === 0}>
        Record replies…
      </Button>
      <Button className="button button--small" onPress={() => setAction('delete')}>
        Delete…
      </Button>
      <Button className="button button--small button--quiet" onPress={onClear}>
        Clear selection
      </Button>
      {action === 'attribute' ? <AttributeDialog {...props} /> : null}
      {action === 'household' ? <HouseholdMoveDialog {...props} /> : null}
      {action === 'invite' ? <InviteDialog {...props} remove={false} /> : null}
      {action === 'uninvite' ? <InviteDialog {...props} remove /> : null}
      {action === 'reply' ? <ReplyDialog {...props} /> : null}
      {action === 'delete' ? <DeleteDialog {...props} /> : null}
    </div>
  );
}

interface DialogProps {
  occasionId: string;
  data: OccasionData;
  guests: Guest[];
  onClose(): void;
  onDone(message: string): void;
}

function BulkDialog(props: {
  title: string;
  onClose(): void;
  children: ReactNode;
  action: string;
  busy: boolean;
  message: string | undefined;
  progress?: { value: number; max: number } | undefined;
  onRun(): void;
  disabled?: boolean;
}) {
  return (
    <ModalDialog title={props.title} isOpen onOpenChange={(open) => !open && !props.busy && props.onClose()}>
      {(close) => (
        <div className="form">
          {props.children}
          {props.progress ? <ProgressBar label="Progress" value={props.progress.value} max={props.progress.max} /> : null}
          <FormMessage messages={[props.message]} focus />
          <div className="dialog-actions">
            <Button className="button" onPress={close} isDisabled={props.busy}>
              Cancel
            </Button>
            <Button className="button button--primary" onPress={props.onRun} isDisabled={props.busy || props.disabled}>
              {props.busy ? 'Working…' : props.action}
            </Button>
          </div>
        </div>
      )}
    </ModalDialog>
  );
}

function AttributeDialog({ occasionId, data, guests, onClose, onDone }: DialogProps) {
  const kindly = useKindly();
  const [categoryId, setCategoryId] = useState(data.categories[0]?.id ?? '');
  const [values, setValues] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string>();
  const category = data.categories.find((entry) => entry.id === categoryId);
  const categoryOptions: OptionEntry[] = data.categories.map((entry) => ({ value: entry.id, text: entry.name }));

  async function run() {
    if (!category) return;
    setBusy(true);
    setMessage(undefined);
    const rows = guests.map((guest) => ({ id: guest.id, attributes: { ...guest.attributes, [category.id]: values } }));
    for (const part of chunk(rows, GUESTS_PER_CALL)) {
      const result = await kindly.stores.$upsertGuests.mutate({ occasionId, body: { guests: part } });
      if (result.error) {
        setBusy(false);
        setMessage(serverErrors(result.error).message);
        return;
      }
    }
    setBusy(false);
    onDone(`${category.name} set for ${plural(guests.length, 'guest')}.`);
  }

  return (
    <BulkDialog title={`Set an attribute for ${plural(guests.length, 'guest')}`} onClose={onClose} action="Set attribute" busy={busy} message={message} onRun={run} disabled={!category}>
      <SelectField
        label="Attribute"
        options={categoryOptions}
        value={categoryId}
        onChange={(value) => {
          setCategoryId(value);
          setValues([]);
        }}
        hideSelected={false}
        isRequired
      />
      {category ? (
        category.multiple ? (
          <MultiSelectField label={`${category.name} values`} options={category.options} value={values} onChange={setValues} description="Leave empty to clear it." />
        ) : (
          <SelectField
            label={`${category.name} value`}
            options={category.options}
            value={values[0] ?? ''}
            onChange={(value) => setValues(value ? [value] : [])}
            description="Leave empty to clear it."
          />
        )
      ) : null}
    </BulkDialog>
  );
}

const NO_HOUSEHOLD_CHOICE = '__none__';

function HouseholdMoveDialog({ occasionId, data, guests, onClose, onDone }: DialogProps) {
  const kindly = useKindly();
  const [householdId, setHouseholdId] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string>();
  const options = [{ value: NO_HOUSEHOLD_CHOICE, text: '(No household)' }, ...data.households.map((household) => ({ value: household.id, text: household.name }))];

  async function run() {
    if (!householdId) {
      setMessage('Choose a household.');
      return;
    }
    setBusy(true);
    setMessage(undefined);
    const target = householdId === NO_HOUSEHOLD_CHOICE ? null : householdId;
    for (const part of chunk(guests.map((guest) => ({ id: guest.id, householdId: target })), GUESTS_PER_CALL)) {
      const result = await kindly.stores.$upsertGuests.mutate({ occasionId, body: { guests: part } });
      if (result.error) {
        setBusy(false);
        setMessage(serverErrors(result.error).message);
        return;
      }
    }
    setBusy(false);
    onDone(`${plural(guests.length, 'guest')} moved.`);
  }

  return (
    <BulkDialog title={`Move ${plural(guests.length, 'guest')} to a household`} onClose={onClose} action="Move guests" busy={busy} message={message} onRun={run}>
      <ComboBoxField label="Household" options={options} value={householdId} onChange={setHouseholdId} isRequired limit={100} />
      <p className="small muted">To start a new household, add it on the Households page first.</p>
    </BulkDialog>
  );
}

function InviteDialog({ occasionId, data, guests, onClose, onDone, remove }: DialogProps & { remove: boolean }) {
  const kindly = useKindly();
  const [activityIds, setActivityIds] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string>();
  const options = data.activities.map((activity) => ({ value: activity.id, text: activity.name }));

  async function run() {
    if (activityIds.length === 0) {
      setMessage('Choose at least one activity.');
      return;
    }
    const lines = remove ? uninviteLines(guests, activityIds) : inviteLines(guests, activityIds);
    if (lines.length === 0) {
      onDone(remove ? 'None of them was invited to that.' : 'They were all invited already.');
      return;
    }
    setBusy(true);
    setMessage(undefined);
    const result = await sendInviteLines(kindly, occasionId, lines);
    setBusy(false);
    if (result.error) return setMessage(serverErrors(result.error).message);
    onDone(`${plural(lines.length, 'invitation')} ${remove ? 'removed' : 'added'}.`);
  }

  return (
    <BulkDialog
      title={`${remove ? 'Remove' : 'Invite'} ${plural(guests.length, 'guest')} ${remove ? 'from' : 'to'} activities`}
      onClose={onClose}
      action={remove ? 'Remove invitations' : 'Invite'}
      busy={busy}
      message={message}
      onRun={run}
    >
      <MultiSelectField label="Activities" options={options} value={activityIds} onChange={setActivityIds} isRequired />
      {remove ? <p className="small muted">Their answers to those activities are deleted.</p> : null}
    </BulkDialog>
  );
}

const REPLY_OPTIONS: OptionEntry[] = [
  { value: 'ATTENDING', text: 'Attending' },
  { value: 'DECLINED', text: 'Declined' },
  { value: 'PENDING', text: 'No answer yet' },
];

function ReplyDialog({ occasionId, data, guests, onClose, onDone }: DialogProps) {
  const kindly = useKindly();
  const [activityId, setActivityId] = useState(data.activities[0]?.id ?? '');
  const [response, setResponse] = useState<string>('ATTENDING');
  const [mealChoice, setMealChoice] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string>();
  const activity = data.activities.find((entry) => entry.id === activityId);

  async function run() {
    if (!activity || !response) {
      setMessage('Choose the activity and the answer.');
      return;
    }
    setBusy(true);
    setMessage(undefined);
    const result = await sendInviteLines(kindly, occasionId, replyLines(guests, activity.id, response as InviteResponse, mealChoice || null));
    setBusy(false);
    if (result.error) return setMessage(serverErrors(result.error).message);
    onDone(`Answer recorded for ${plural(guests.length, 'guest')}.`);
  }

  return (
    <BulkDialog title={`Record replies for ${plural(guests.length, 'guest')}`} onClose={onClose} action="Record replies" busy={busy} message={message} onRun={run}>
      <p className="small muted">For answers received by phone or on paper. Guests who were not invited to the activity are invited.</p>
      <SelectField
        label="Activity"
        options={data.activities.map((entry) => ({ value: entry.id, text: entry.name }))}
        value={activityId}
        onChange={(value) => {
          setActivityId(value);
          setMealChoice('');
        }}
        hideSelected={false}
        isRequired
      />
      <SelectField label="Answer" options={REPLY_OPTIONS} value={response} onChange={setResponse} hideSelected={false} isRequired />
      {response === 'ATTENDING' && activity && activity.mealOptions.length > 0 ? (
        <SelectField label="Meal" options={activity.mealOptions} value={mealChoice} onChange={setMealChoice} />
      ) : null}
    </BulkDialog>
  );
}

function DeleteDialog({ occasionId, guests, onClose, onDone }: DialogProps) {
  const kindly = useKindly();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string>();

  async function run() {
    setBusy(true);
    setMessage(undefined);
    // One request, all or nothing: a refusal deletes no one.
    const result = await kindly.stores.$deleteGuests.mutate({ occasionId, body: { ids: guests.map((guest) => guest.id) } });
    setBusy(false);
    if (result.error) return setMessage(serverErrors(result.error).message);
    onDone(`${plural(result.data.deleted, 'guest')} deleted.`);
  }

  return (
    <BulkDialog title={`Delete ${plural(guests.length, 'guest')}?`} onClose={onClose} action="Delete guests" busy={busy} message={message} onRun={run}>
      <p>Their invitations and answers are deleted too. This cannot be undone.</p>
    </BulkDialog>
  );
}
