import type { Occasion, OccasionCreate } from '../../core/schemas/occasion';
import { DatePickerField, DateTimePickerField } from '../components/date-picker';
import type { FieldErrors } from '../components/form-errors';
import { timeZoneOptions } from '../components/format';
import { ComboBoxField } from '../components/combo-box-field';
import { Checkbox, TextInput } from '../components/text-input';
import { originWarnings, pageOriginWarning } from './origin-warnings';

/**
 * The occasion form's values, as text fields hold them: the create body's fields, a flag as a
 * checkbox holds it, every other field as text (`allowedOrigins` one origin per line,
 * `reminderDaysBeforeDeadline` whole days as typed with '' off, a blank `rsvpDeadline`,
 * `passcode` or `rsvpPageUrl` none).
 */
export type OccasionFormValues = { [K in keyof OccasionCreate]-?: OccasionCreate[K] extends boolean ? boolean : string };

export function occasionFormValues(occasion?: Occasion, timezone = 'UTC'): OccasionFormValues {
  return {
    title: occasion?.title ?? '',
    description: occasion?.description ?? '',
    startDate: occasion?.startDate ?? '',
    endDate: occasion?.endDate ?? '',
    timezone: occasion?.timezone ?? timezone,
    venueName: occasion?.venueName ?? '',
    venueAddress: occasion?.venueAddress ?? '',
    rsvpDeadline: occasion?.rsvpDeadline ?? '',
    passcode: occasion?.passcode ?? '',
    allowedOrigins: occasion?.allowedOrigins.join('\n') ?? '',
    contactEmail: occasion?.contactEmail ?? '',
    rsvpPageUrl: occasion?.rsvpPageUrl ?? '',
    reminderDaysBeforeDeadline: occasion?.reminderDaysBeforeDeadline == null ? '' : String(occasion.reminderDaysBeforeDeadline),
    digestEnabled: occasion?.digestEnabled ?? false,
    requireTwoFactor: occasion?.requireTwoFactor ?? false,
  };
}

/** The reminder field's text as the schema takes it: '' is null, a number is a number, anything else is left for the schema to refuse. */
function reminderDays(text: string): number | string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : trimmed;
}

/** The body for the schema and the API (every field; blanks mean null where the schema says so). */
export function occasionBody(values: OccasionFormValues, fields: readonly (keyof OccasionFormValues)[]): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of fields) {
    const value = values[field];
    if (field === 'allowedOrigins') {
      body.allowedOrigins = values.allowedOrigins
        .split(/[\n,]/)
        .map((line) => line.trim())
        .filter(Boolean);
    } else if (field === 'reminderDaysBeforeDeadline') body[field] = reminderDays(values.reminderDaysBeforeDeadline);
    else body[field] = value;
  }
  return body;
}

/** The messages of a list's items (`allowedOrigins.1`) as lines for the field's message. */
function listErrors(errors: FieldErrors, field: string): string | undefined {
  const messages = Object.entries(errors)
    .filter(([path]) => path === field || path.startsWith(`${field}.`))
    .map(([path, message]) => (path === field ? message : `Line ${Number(path.slice(field.length + 1)) + 1}: ${message}`));
  return messages.length > 0 ? messages.join(' ') : undefined;
}

export const CREATE_FIELDS = ['title', 'startDate', 'endDate', 'timezone'] as const;
export const EDIT_FIELDS = [
  'title',
  'description',
  'startDate',
  'endDate',
  'timezone',
  'venueName',
  'venueAddress',
  'rsvpDeadline',
  'passcode',
  'allowedOrigins',
  'contactEmail',
  'rsvpPageUrl',
  'reminderDaysBeforeDeadline',
  'digestEnabled',
] as const;
/** An owner's settings add whether everyone must sign in with two-factor sign-in (only an owner may change it). */
export const OWNER_EDIT_FIELDS = [...EDIT_FIELDS, 'requireTwoFactor'] as const;

export interface OccasionFieldsProps {
  values: OccasionFormValues;
  onChange(values: OccasionFormValues): void;
  errors: FieldErrors;
  /** Which fields to show. */
  fields: readonly (keyof OccasionFormValues)[];
}

/** The occasion's fields; each shows its schema or server message. */
export function OccasionFields({ values, onChange, errors, fields }: OccasionFieldsProps) {
  const set = (key: keyof OccasionFormValues) => (value: string | boolean) => onChange({ ...values, [key]: value });
  const shows = (key: keyof OccasionFormValues) => fields.includes(key);
  return (
    <div className="form">
      {shows('title') ? <TextInput label="Title" value={values.title} onChange={set('title')} error={errors.title} isRequired /> : null}
      {shows('description') ? (
        <TextInput label="Description" multiline value={values.description} onChange={set('description')} error={errors.description} />
      ) : null}
      <div className="form-grid">
        {shows('startDate') ? (
          <DatePickerField label="Start date" value={values.startDate} onChange={set('startDate')} error={errors.startDate} isRequired />
        ) : null}
        {shows('endDate') ? (
          <DatePickerField label="End date" value={values.endDate} onChange={set('endDate')} error={errors.endDate} isRequired />
        ) : null}
        {shows('timezone') ? (
          <ComboBoxField
            label="Time zone"
            options={timeZoneOptions()}
            value={values.timezone}
            onChange={set('timezone')}
            error={errors.timezone}
            hideSelected={false}
            isRequired
            description="Activity times are shown in this zone."
          />
        ) : null}
      </div>
      {shows('venueName') || shows('venueAddress') ? (
        <div className="form-grid">
          {shows('venueName') ? <TextInput label="Venue" value={values.venueName} onChange={set('venueName')} error={errors.venueName} /> : null}
          {shows('venueAddress') ? (
            <TextInput label="Venue address" multiline value={values.venueAddress} onChange={set('venueAddress')} error={errors.venueAddress} />
          ) : null}
        </div>
      ) : null}
      {shows('rsvpDeadline') ? (
        <div className="form-grid">
        <DateTimePickerField
          label="RSVP deadline"
          value={values.rsvpDeadline}
          onChange={set('rsvpDeadline')}
          timeZone={values.timezone || 'UTC'}
          error={errors.rsvpDeadline}
          description="After it, guests can no longer answer; you still can. Leave empty for no deadline."
        />
        </div>
      ) : null}
      <div className="form-grid">
        {shows('passcode') ? (
          <TextInput
            label="Passcode"
            value={values.passcode}
            onChange={set('passcode')}
            error={errors.passcode}
            description="Asked of guests who sign in by name (4 to 64 characters). Empty: none."
            autoComplete="off"
          />
        ) : null}
        {shows('contactEmail') ? (
          <TextInput label="Contact email" type="email" value={values.contactEmail} onChange={set('contactEmail')} error={errors.contactEmail} />
        ) : null}
      </div>
      {shows('allowedOrigins') ? (
        <TextInput
          label="Allowed origins"
          multiline
          value={values.allowedOrigins}
          onChange={set('allowedOrigins')}
          error={listErrors(errors, 'allowedOrigins')}
          description={
            <>
              The websites that may show the RSVP widget, one per line, like https://smith-wedding.com.
              {originWarnings(values.allowedOrigins).map((warning) => (
                <span key={warning} className="origin-warning" data-testid="origin-warning">
                  <br />
                  {warning}
                </span>
              ))}
            </>
          }
        />
      ) : null}
      {shows('rsvpPageUrl') ? <EmailFields values={values} set={set} errors={errors} /> : null}
      {shows('requireTwoFactor') ? (
        <Checkbox isSelected={values.requireTwoFactor} onChange={set('requireTwoFactor')}>
          Require two-factor sign-in of everyone who helps run this occasion (turn it on for yourself first in Account settings)
        </Checkbox>
      ) : null}
    </div>
  );
}

/** The email settings: the RSVP page invitations link to, scheduled reminders, the daily digest. */
function EmailFields({ values, set, errors }: { values: OccasionFormValues; set(key: keyof OccasionFormValues): (value: string | boolean) => void; errors: FieldErrors }) {
  const pageWarning = pageOriginWarning(values.rsvpPageUrl, values.allowedOrigins);
  return (
    <fieldset className="card" style={{ margin: 0 }}>
      <legend style={{ fontWeight: 600 }}>Email</legend>
      <div className="form">
        <TextInput
          label="RSVP page URL"
          type="url"
          value={values.rsvpPageUrl}
          onChange={set('rsvpPageUrl')}
          error={errors.rsvpPageUrl}
          description={
            <>
              Your page that shows the RSVP widget, like https://smith-wedding.com/rsvp. Each invitation links there with the household's code.
              {pageWarning ? (
                <span className="origin-warning" data-testid="page-origin-warning">
                  <br />
                  {pageWarning}
                </span>
              ) : null}
            </>
          }
        />
        <div className="form-grid">
          <TextInput
            label="Reminder, days before the deadline"
            value={values.reminderDaysBeforeDeadline}
            onChange={set('reminderDaysBeforeDeadline')}
            error={errors.reminderDaysBeforeDeadline}
            inputMode="numeric"
            description={
              values.rsvpDeadline
                ? 'From 1 to 90: one reminder to every household still pending. Empty: no scheduled reminder.'
                : 'From 1 to 90. Reminders need an RSVP deadline; set one above. Empty: no scheduled reminder.'
            }
          />
          <div className="field" style={{ justifyContent: 'flex-end' }}>
            <Checkbox isSelected={values.digestEnabled} onChange={set('digestEnabled')}>
              Email me a daily digest of new replies
            </Checkbox>
          </div>
        </div>
      </div>
    </fieldset>
  );
}
