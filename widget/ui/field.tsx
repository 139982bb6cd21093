import { useId, type ReactNode } from 'react';
import type { OptionEntry } from '../../core/options/option-entry';

interface FieldFrame {
  label: string;
  /** A line under the label, tied to the control with `aria-describedby`. */
  hint?: string | undefined;
  /** The field's error; marks the control `aria-invalid` and is read with it. */
  error?: string | undefined;
  className?: string;
}

/** Ties a label, a hint and an error to one control. */
function Frame(props: FieldFrame & { id: string; children: ReactNode }) {
  const { id, label, hint, error, className, children } = props;
  return (
    <div className={`field ${className ?? ''}`}>
      <label htmlFor={id} part="label">
        {label}
      </label>
      {hint ? (
        <span id={`${id}-hint`} className="hint" part="hint">
          {hint}
        </span>
      ) : null}
      {children}
      {error ? (
        <span id={`${id}-error`} className="error" part="error">
          {error}
        </span>
      ) : null}
    </div>
  );
}

function described(id: string, hint?: string, error?: string): string | undefined {
  return [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
}

export interface TextFieldProps extends FieldFrame {
  value: string;
  onValue: (value: string) => void;
  type?: 'text' | 'email' | 'tel';
  name?: string;
  autoComplete?: string;
  required?: boolean;
  maxLength?: number;
  multiline?: boolean;
  inputMode?: 'text' | 'email' | 'tel';
  autoCapitalize?: string;
  spellCheck?: boolean;
}

/** A labelled text input (or textarea) with its hint and error. */
export function TextField(props: TextFieldProps) {
  const id = useId();
  const { value, onValue, type = 'text', multiline, hint, error, required, ...rest } = props;
  const shared = {
    id,
    name: rest.name,
    value,
    required,
    maxLength: rest.maxLength,
    autoComplete: rest.autoComplete,
    autoCapitalize: rest.autoCapitalize,
    spellCheck: rest.spellCheck,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described(id, hint, error),
    part: 'input',
  };
  return (
    <Frame id={id} label={props.label} hint={hint} error={error} className={props.className}>
      {multiline ? (
        <textarea {...shared} rows={3} onChange={(event) => onValue(event.currentTarget.value)} />
      ) : (
        <input {...shared} type={type} inputMode={rest.inputMode} onChange={(event) => onValue(event.currentTarget.value)} />
      )}
    </Frame>
  );
}

export interface SelectFieldProps extends FieldFrame {
  value: string;
  onValue: (value: string) => void;
  options: readonly OptionEntry[];
  /** The text of the empty first option (`Choose…`); without it the list has none. */
  placeholder?: string;
  name?: string;
  autoComplete?: string;
  required?: boolean;
}

/** A labelled native `<select>`; disabled options are listed but cannot be chosen. */
export function SelectField(props: SelectFieldProps) {
  const id = useId();
  const { value, onValue, options, placeholder, hint, error, required } = props;
  return (
    <Frame id={id} label={props.label} hint={hint} error={error} className={props.className}>
      <select
        id={id}
        name={props.name}
        value={value}
        required={required}
        autoComplete={props.autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={described(id, hint, error)}
        part="input select"
        onChange={(event) => onValue(event.currentTarget.value)}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.text}
          </option>
        ))}
      </select>
    </Frame>
  );
}

/** A message box; errors are announced at once (`role=alert`), other news politely. */
export function Alert(props: { tone: 'bad' | 'good' | 'info'; children: ReactNode }) {
  return (
    <div className={`alert ${props.tone}`} role={props.tone === 'bad' ? 'alert' : 'status'} part={props.tone === 'bad' ? 'error notice' : 'notice'}>
      {props.children}
    </div>
  );
}
