import { Button } from 'react-aria-components';
import type { OptionEntry } from '../../core/options';
import type { FieldErrors } from './form-errors';
import { Checkbox, TextInput } from './text-input';

/** `Chicken & Leek pie` → `chicken-leek-pie`: a value for an option typed by its text. */
export function slugify(text: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'option'
  );
}

/** An option being edited; `auto` while its value follows its text. */
export interface EditableOption extends OptionEntry {
  auto: boolean;
}

export function toEditable(options: readonly OptionEntry[]): EditableOption[] {
  return options.map((option) => ({ ...option, auto: false }));
}

/** The option entries to send: `disabled` only when set. */
export function fromEditable(options: readonly EditableOption[]): OptionEntry[] {
  return options.map(({ value, text, disabled }) => (disabled ? { value, text, disabled: true } : { value, text }));
}

export interface OptionEntriesEditorProps {
  /** The list's name, e.g. `Meal options`. */
  label: string;
  /** What one entry is called, e.g. `meal`. */
  itemLabel: string;
  options: EditableOption[];
  onChange(options: EditableOption[]): void;
  /** Messages under the list's path, e.g. `{ '2.value': '…' }` for `mealOptions.2.value`. */
  errors: FieldErrors;
  description?: string;
}

/** Edits a list of option entries (value, text, disabled), as meal options and attribute options are. */
export function OptionEntriesEditor({ label, itemLabel, options, onChange, errors, description }: OptionEntriesEditorProps) {
  const update = (index: number, patch: Partial<EditableOption>) =>
    onChange(options.map((option, i) => (i === index ? { ...option, ...patch } : option)));
  return (
    <fieldset className="card" style={{ margin: 0 }}>
      <legend className="label" style={{ fontWeight: 600 }}>
        {label}
      </legend>
      {description ? <p className="small muted">{description}</p> : null}
      {errors[''] ? (
        <p className="field-error" role="alert">
          {errors['']}
        </p>
      ) : null}
      {options.length === 0 ? <p className="small muted">None.</p> : null}
      <ol style={{ listStyle: 'none', padding: 0, margin: 0 }} className="stack">
        {options.map((option, index) => (
          <li key={index} className="row">
            <TextInput
              label={`${capitalise(itemLabel)} ${index + 1}`}
              value={option.text}
              onChange={(text) => update(index, option.auto ? { text, value: slugify(text) } : { text })}
              error={errors[`${index}.text`] ?? errors[`${index}`]}
            />
            <TextInput
              label={`Stored value ${index + 1}`}
              value={option.value}
              onChange={(value) => update(index, { value, auto: false })}
              error={errors[`${index}.value`]}
            />
            <Checkbox isSelected={!!option.disabled} onChange={(disabled) => update(index, { disabled })}>
              Closed
            </Checkbox>
            <Button
              className="button button--quiet button--small"
              aria-label={`Remove ${itemLabel} ${index + 1}`}
              onPress={() => onChange(options.filter((_, i) => i !== index))}
            >
              Remove
            </Button>
          </li>
        ))}
      </ol>
      <Button
        className="button button--small"
        style={{ marginTop: 10 }}
        onPress={() => onChange([...options, { value: '', text: '', auto: true }])}
      >
        Add {itemLabel}
      </Button>
    </fieldset>
  );
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
