import { useState, type FormEvent } from 'react';
import { Button, Form } from 'react-aria-components';
import { ActivityCreateSchema, type Activity } from '../../core/schemas/activity';
import { DateTimePickerField } from '../components/date-picker';
import { DeleteDialog, ModalDialog } from '../components/dialog';
import { errorsUnder } from '../components/form-errors';
import { useFormSave } from '../components/use-form-save';
import { formatInstant, formatTime } from '../components/format';
import { fromEditable, OptionEntriesEditor, toEditable, type EditableOption } from '../components/option-entries';
import { Empty, ErrorState, Loading } from '../components/states';
import { FormMessage, TextInput } from '../components/text-input';
import { useKindly, useQuery } from '../data/kindly';
import { useOccasion } from '../occasion/occasion-context';

/** Activities in time order (the API's order: `startsAt`, then `sortOrder`). */
export function inTimeOrder(activities: readonly Activity[]): Activity[] {
  return [...activities].sort((a, b) => a.startsAt.localeCompare(b.startsAt) || a.sortOrder - b.sortOrder);
}

/** `.../schedule`: the activities in time order, shown in the occasion's time zone; create, edit, delete. */
export default function SchedulePage() {
  const occasion = useOccasion();
  const activities = useQuery((s) => s.activities(occasion.id), occasion.id);
  const [editing, setEditing] = useState<Activity | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Activity | null>(null);

  return (
    <>
      <div className="page-head">
        <div>
          <h1>Schedule</h1>
          <p className="lede small">Times are shown in {occasion.timezone.replace(/_/g, ' ')}.</p>
        </div>
        <Button className="button button--primary" onPress={() => setEditing('new')}>
          Add activity
        </Button>
      </div>
      {activities.error ? (
        <ErrorState error={activities.error} what="the schedule" onRetry={activities.retry} />
      ) : activities.pending ? (
        <Loading label="Loading the schedule…" />
      ) : activities.data!.length === 0 ? (
        <Empty title="No activities yet">
          <p>Add the ceremony, the dinner, the brunch… Guests are invited to each activity separately.</p>
        </Empty>
      ) : (
        <ol className="stack" style={{ listStyle: 'none', padding: 0 }} aria-label="Activities">
          {inTimeOrder(activities.data!).map((activity) => (
            <li key={activity.id} className="card" data-activity-name={activity.name}>
              <div className="page-head" style={{ marginBottom: 4 }}>
                <h2 style={{ margin: 0 }}>{activity.name}</h2>
                <div className="row">
                  <Button className="button button--small" onPress={() => setEditing(activity)} aria-label={`Edit ${activity.name}`}>
                    Edit
                  </Button>
                  <Button className="button button--small" onPress={() => setDeleting(activity)} aria-label={`Delete ${activity.name}`}>
                    Delete
                  </Button>
                </div>
              </div>
              <p className="muted">
                {formatInstant(activity.startsAt, occasion.timezone)}
                {activity.endsAt ? ` – ${formatTime(activity.endsAt, occasion.timezone)}` : ''}
                {activity.locationName ? ` · ${activity.locationName}` : ''}
              </p>
              {activity.description ? <p>{activity.description}</p> : null}
              <p className="small">
                {activity.dressCode ? <>Dress code: {activity.dressCode}. </> : null}
                {activity.mealOptions.length > 0
                  ? `Meals: ${activity.mealOptions.map((option) => option.text + (option.disabled ? ' (closed)' : '')).join(', ')}.`
                  : 'No meal question.'}
              </p>
            </li>
          ))}
        </ol>
      )}
      {editing ? (
        <ActivityDialog
          activity={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <DeleteActivityDialog activity={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}

interface ActivityValues {
  name: string;
  description: string;
  startsAt: string;
  endsAt: string;
  locationName: string;
  address: string;
  dressCode: string;
  mealOptions: EditableOption[];
  sortOrder: number;
}

function valuesOf(activity: Activity | undefined, defaultStart: string): ActivityValues {
  return {
    name: activity?.name ?? '',
    description: activity?.description ?? '',
    startsAt: activity?.startsAt ?? defaultStart,
    endsAt: activity?.endsAt ?? '',
    locationName: activity?.locationName ?? '',
    address: activity?.address ?? '',
    dressCode: activity?.dressCode ?? '',
    mealOptions: toEditable(activity?.mealOptions ?? []),
    sortOrder: activity?.sortOrder ?? 0,
  };
}

function ActivityDialog({ activity, onClose }: { activity: Activity | undefined; onClose(): void }) {
  const occasion = useOccasion();
  const { stores } = useKindly();
  const [values, setValues] = useState(() => valuesOf(activity, ''));
  const { errors, message, busy, save } = useFormSave();
  const set = <K extends keyof ActivityValues>(key: K) => (value: ActivityValues[K]) => setValues((current) => ({ ...current, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = { ...values, mealOptions: fromEditable(values.mealOptions) };
    const saved = await save(ActivityCreateSchema, body, (output) =>
      activity
        ? stores.$updateActivity.mutate({ occasionId: occasion.id, activityId: activity.id, body: output })
        : stores.$createActivity.mutate({ occasionId: occasion.id, body: output }),
    );
    if (saved) onClose();
  }

  return (
    <ModalDialog title={activity ? `Edit ${activity.name}` : 'New activity'} isOpen onOpenChange={(open) => !open && onClose()} wide>
      {(close) => (
        <Form onSubmit={submit} validationBehavior="aria" aria-label={activity ? 'Edit activity' : 'New activity'} className="form">
          <TextInput label="Name" value={values.name} onChange={set('name')} error={errors.name} isRequired autoFocus />
          <div className="form-grid">
            <DateTimePickerField
              label="Starts"
              value={values.startsAt}
              onChange={set('startsAt')}
              timeZone={occasion.timezone}
              error={errors.startsAt}
              isRequired
              description={`In ${occasion.timezone.replace(/_/g, ' ')}.`}
            />
            <DateTimePickerField label="Ends" value={values.endsAt} onChange={set('endsAt')} timeZone={occasion.timezone} error={errors.endsAt} />
          </div>
          <div className="form-grid">
            <TextInput label="Location" value={values.locationName} onChange={set('locationName')} error={errors.locationName} />
            <TextInput label="Address" multiline value={values.address} onChange={set('address')} error={errors.address} />
            <TextInput label="Dress code" value={values.dressCode} onChange={set('dressCode')} error={errors.dressCode} />
          </div>
          <TextInput label="Description" multiline value={values.description} onChange={set('description')} error={errors.description} />
          <OptionEntriesEditor
            label="Meal options"
            itemLabel="meal"
            options={values.mealOptions}
            onChange={set('mealOptions')}
            errors={{ ...errorsUnder(errors, 'mealOptions'), ...(errors.mealOptions ? { '': errors.mealOptions } : {}) }}
            description="Guests who attend choose one. None: no meal question. A closed option stays on answers already given but cannot be chosen."
          />
          <FormMessage messages={[message]} focus />
          <div className="dialog-actions">
            <Button className="button" onPress={close}>
              Cancel
            </Button>
            <Button type="submit" className="button button--primary" isDisabled={busy}>
              {busy ? 'Saving…' : activity ? 'Save activity' : 'Add activity'}
            </Button>
          </div>
        </Form>
      )}
    </ModalDialog>
  );
}

function DeleteActivityDialog({ activity, onClose }: { activity: Activity | null; onClose(): void }) {
  const occasion = useOccasion();
  const { stores } = useKindly();
  return (
    <DeleteDialog
      title={activity ? `Delete ${activity.name}?` : 'Delete activity?'}
      isOpen={activity !== null}
      onClose={onClose}
      confirmLabel="Delete activity"
      remove={() => stores.$deleteActivity.mutate({ occasionId: occasion.id, activityId: activity!.id })}
    >
      <p>Its invitations and every answer to it are deleted too.</p>
    </DeleteDialog>
  );
}
