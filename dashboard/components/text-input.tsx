import { memo, useEffect, useRef, type ReactNode } from 'react';
import { Checkbox as AriaCheckbox, FieldError, Input, Text, TextArea, TextField } from 'react-aria-components';
import { FieldLabel } from './field-label';

export interface TextInputProps {
  label: ReactNode;
  value: string;
  onChange(value: string): void;
  /** The message to show under the field (from the schema or the server's `issues`). */
  error?: string | undefined;
  description?: ReactNode;
  isRequired?: boolean;
  multiline?: boolean;
  type?: 'text' | 'email' | 'password' | 'search' | 'tel' | 'url';
  autoComplete?: string;
  name?: string;
  placeholder?: string;
  autoFocus?: boolean;
  isDisabled?: boolean;
  className?: string;
  onBlur?(): void;
  inputMode?: 'text' | 'email' | 'tel' | 'numeric' | 'search' | 'url';
}

/** A labelled text field (React Aria) that shows its message and marks itself invalid. */
export const TextInput = memo(function TextInput(props: TextInputProps) {
  const { label, value, onChange, error, description, isRequired, multiline, type = 'text', className } = props;
  return (
    <TextField
      className={`field ${className ?? ''}`}
      value={value}
      onChange={onChange}
      isInvalid={!!error}
      isRequired={isRequired}
      validationBehavior="aria"
      type={type}
      autoComplete={props.autoComplete}
      name={props.name}
      autoFocus={props.autoFocus}
      isDisabled={props.isDisabled}
      onBlur={props.onBlur}
      inputMode={props.inputMode}
    >
      <FieldLabel label={label} isRequired={isRequired} />
      {multiline ? <TextArea placeholder={props.placeholder} /> : <Input placeholder={props.placeholder} />}
      {description ? (
        <Text slot="description" className="description">
          {description}
        </Text>
      ) : null}
      <FieldError className="field-error">{error}</FieldError>
    </TextField>
  );
});

export interface CheckboxProps {
  children: ReactNode;
  isSelected: boolean;
  onChange(selected: boolean): void;
  isIndeterminate?: boolean;
  isDisabled?: boolean;
  'aria-label'?: string;
  className?: string;
}

/** A React Aria checkbox with a drawn box. */
export function Checkbox(props: CheckboxProps) {
  return (
    <AriaCheckbox
      className={`checkbox ${props.className ?? ''}`}
      isSelected={props.isSelected}
      onChange={props.onChange}
      isIndeterminate={props.isIndeterminate}
      isDisabled={props.isDisabled}
      aria-label={props['aria-label']}
    >
      <span className="box" aria-hidden="true" />
      {props.children}
    </AriaCheckbox>
  );
}

/**
 * A message for the whole form (not tied to one field), announced to screen readers. A save's
 * outcome (`focus`) sits beside the control that was used (just above a form's actions) and takes
 * the focus when it appears, scrolled into view: a long form's top may be out of sight.
 */
export function FormMessage({ messages, focus = false }: { messages: readonly (string | undefined)[]; focus?: boolean }) {
  const shown = messages.filter((message): message is string => !!message);
  const box = useRef<HTMLDivElement>(null);
  const text = shown.join('\n');
  useEffect(() => {
    if (!focus || !text || !box.current) return;
    box.current.focus({ preventScroll: true });
    box.current.scrollIntoView({ block: 'nearest' });
  }, [focus, text]);
  if (shown.length === 0) return null;
  return (
    <div className="notice notice--error" role="alert" ref={box} tabIndex={focus ? -1 : undefined}>
      {shown.length === 1 ? shown[0] : (
        <ul>
          {shown.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
