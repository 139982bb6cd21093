/**
 * What the select, the combobox and the multi-select share: their props, the label, the
 * description and error under the field, the popover with its list, and when to build the list.
 */
import { useState, type ReactNode } from 'react';
import { FieldError, ListBox, ListBoxItem, Popover, Text } from 'react-aria-components';
import { emptyListText, showsError, type FieldState } from '../../core/fields';
import type { OptionEntry } from '../../core/options';

export interface PickerProps {
  label: ReactNode;
  /** A plain-text label for buttons ("Clear Country"); the label when it is text. */
  name?: string;
  options: readonly OptionEntry[];
  /** The message to show (schema or server); the field is also in error when required, touched and empty. */
  error?: string | undefined;
  description?: ReactNode;
  isRequired?: boolean;
  /** Whether the options are still loading (the list then reads `Loading…`). */
  loading?: boolean;
  placeholder?: string;
  isDisabled?: boolean;
  className?: string;
}

/** The picker's name as text, for buttons and messages. */
export function textOf(label: ReactNode, name?: string): string {
  return name ?? (typeof label === 'string' ? label : 'this field');
}

/** The message a picker shows: the given one, or "is required" once touched and empty. */
export function messageOf(state: FieldState<string | readonly string[]>, props: PickerProps): string | undefined {
  if (!showsError(state, { required: props.isRequired, error: !!props.error })) return undefined;
  return props.error ?? `${textOf(props.label, props.name)} is required.`;
}

/**
 * Whether a picker has been reached (hovered or focused) yet. Until then its list is not built:
 * a screen with many pickers (filters, forms) mounts fast, and the list is ready before it opens.
 */
export function useActive(): { on: boolean; activate(): void } {
  const [on, setOn] = useState(false);
  return { on, activate: () => setOn(true) };
}

export function disabledKeys(options: readonly OptionEntry[]): string[] {
  return options.filter((option) => option.disabled).map((option) => option.value);
}

/** The description (when given) and the error under a picker. */
export function PickerNotes({ description, message }: { description: ReactNode; message: string | undefined }) {
  return (
    <>
      {description ? (
        <Text slot="description" className="description">
          {description}
        </Text>
      ) : null}
      <FieldError className="field-error">{message}</FieldError>
    </>
  );
}

/**
 * The popover and its list of options, `No options` or `Loading…` when empty. A select passes
 * the options it lists; a combobox gives them to the list itself.
 */
export function OptionsPopover({ listed, loading }: { listed?: readonly OptionEntry[]; loading: boolean }) {
  const items = listed ? { items: listed.map((option) => ({ ...option, id: option.value })) } : {};
  return (
    <Popover className="popover">
      <ListBox className="listbox" {...items} renderEmptyState={() => <div className="listbox-empty">{emptyListText(loading)}</div>}>
        {(option: OptionEntry & { id: string }) => (
          <ListBoxItem className="option" id={option.id} textValue={option.text}>
            {option.text}
          </ListBoxItem>
        )}
      </ListBox>
    </Popover>
  );
}
