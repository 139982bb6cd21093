import { useId, type ReactNode } from 'react';
import type { OptionEntry } from '../../core/options/option-entry';

export interface FieldProps {
  label: string;
  value: string;
  onValue: (value: string) => void;
  /** A line under the label, read with the control (`aria-describedby`). */
  hint?: string | undefined;
  /** The field's error: the control is marked `aria-invalid` and the error is read with it. */
  error?: string | undefined;
  className?: string | undefined;
  /** A native `<select>` of these options (disabled ones listed but not choosable). */
  options?: readonly OptionEntry[];
  /** The select's empty first option (`Choose…`). */
  placeholder?: string;
  /** A `<textarea>`. */
  multiline?: boolean;
  type?: 'text' | 'email' | 'tel';
  autoComplete?: string;
  maxLength?: number;
  required?: boolean;
  spellCheck?: boolean;
  autoCapitalize?: string;
}

/** A labelled native control (input, textarea or select) with its hint and error. */
export function Field(props: FieldProps) {
  const id = useId();
  const { label, value, onValue, hint, error, className, options, placeholder, multiline, ...native } = props;
  const control = {
    ...native,
    id,
    value,
    part: options ? 'input select' : 'input',
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [hint && `${id}h`, error && `${id}e`].filter(Boolean).join(' ') || undefined,
  };
  // `onInput` for typing (React and Preact alike), `onChange` for a choice in a select.
  const update = (event: { currentTarget: { value: string } }) => onValue(event.currentTarget.value);
  return (
    <div className={`field ${className ?? ''}`}>
      <label htmlFor={id} part="label">
        {label}
      </label>
      {hint ? (
        <span id={`${id}h`} className="hint" part="hint">
          {hint}
        </span>
      ) : null}
      {options ? (
        <select {...control} onChange={update}>
          {placeholder === undefined ? null : <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.text}
            </option>
          ))}
        </select>
      ) : multiline ? (
        <textarea {...control} rows={3} onInput={update} />
      ) : (
        <input {...control} onInput={update} />
      )}
      {error ? <ErrorText id={`${id}e`}>{error}</ErrorText> : null}
    </div>
  );
}

/** A field's error line. */
export const ErrorText = ({ id, children }: { id: string; children: ReactNode }) => (
  <span id={id} className="error" part="error">
    {children}
  </span>
);

/** A message box; errors are announced at once (`role=alert`), other news politely. */
export function Alert(props: { tone: 'bad' | 'good' | 'info'; children: ReactNode }) {
  const bad = props.tone === 'bad';
  return (
    <div className={`alert ${props.tone}`} role={bad ? 'alert' : 'status'} part={bad ? 'error notice' : 'notice'}>
      {props.children}
    </div>
  );
}
