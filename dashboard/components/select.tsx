import { memo, useState, type ReactNode } from 'react';
import {
  Button,
  ButtonContext,
  ComboBox,
  FieldError,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Select,
  SelectValue,
  Text,
  type Key,
} from 'react-aria-components';
import {
  addOption,
  blurField,
  chooseOption,
  clearSelection,
  emptyListText,
  removeOption,
  showsError,
  visibleOptions,
  type FieldState,
} from '../../core/fields';
import type { OptionEntry } from '../../core/options';

interface PickerProps {
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

function FieldLabel({ label, isRequired }: { label: ReactNode; isRequired?: boolean | undefined }) {
  return (
    <Label>
      {label}
      {isRequired ? (
        <span className="required" aria-hidden="true">
          {' '}
          *
        </span>
      ) : null}
    </Label>
  );
}

function textOf(label: ReactNode, name?: string): string {
  return name ?? (typeof label === 'string' ? label : 'this field');
}

/** The message a picker shows: the given one, or "is required" once touched and empty. */
function messageOf(state: FieldState<string | readonly string[]>, props: PickerProps): string | undefined {
  if (!showsError(state, { required: props.isRequired, error: !!props.error })) return undefined;
  return props.error ?? `${textOf(props.label, props.name)} is required.`;
}

/**
 * Whether a picker has been reached (hovered or focused) yet. Until then its list is not built:
 * a screen with many pickers (filters, forms) mounts fast, and the list is ready before it opens.
 */
function useActive(): { on: boolean; activate(): void } {
  const [on, setOn] = useState(false);
  return { on, activate: () => setOn(true) };
}

function disabledKeys(options: readonly OptionEntry[]): string[] {
  return options.filter((option) => option.disabled).map((option) => option.value);
}

export interface SelectFieldProps extends PickerProps {
  value: string;
  onChange(value: string): void;
  /** Whether the chosen option leaves the list; true unless given (core/fields). */
  hideSelected?: boolean;
  /** Whether a clear button is offered; true unless the field is required. */
  clearable?: boolean;
}

/**
 * A single select (React Aria) with core's field rules: choosing sets the value, clearing sets
 * `''` and marks the field touched, blur marks it touched, disabled options cannot be chosen,
 * the chosen option leaves the list unless `hideSelected` is false, and an empty list reads
 * `No options` or `Loading…`.
 */
export const SelectField = memo(function SelectField(props: SelectFieldProps) {
  const { label, options, value, onChange, hideSelected = true, loading = false, isRequired } = props;
  const [touched, setTouched] = useState(false);
  const active = useActive();
  const state: FieldState<string> = { value, touched };
  const message = messageOf(state, props);
  const listed = active.on ? visibleOptions(options, value, hideSelected) : [];
  const selected = options.find((option) => option.value === value);
  const clearable = props.clearable ?? !isRequired;
  return (
    <div className={`field ${props.className ?? ''}`}>
      <Select
        className="select"
        value={value === '' ? null : value}
        onChange={(key: Key | null) => {
          if (key === null) return;
          const next = chooseOption(state, options, String(key));
          if (next.value !== value) onChange(next.value);
        }}
        onFocus={active.activate}
        onBlur={() => setTouched(blurField(state).touched)}
        disabledKeys={disabledKeys(options)}
        isInvalid={!!message}
        isRequired={isRequired}
        isDisabled={props.isDisabled}
        validationBehavior="aria"
        placeholder={props.placeholder ?? 'Choose…'}
        allowsEmptyCollection
      >
        <FieldLabel label={label} isRequired={isRequired} />
        <div className="select-row">
          <Button className="select-button" data-invalid={message ? true : undefined} onHoverStart={active.activate}>
            <SelectValue>
              {() => (selected ? selected.text : <span className="select-placeholder">{props.placeholder ?? 'Choose…'}</span>)}
            </SelectValue>
            <span aria-hidden="true">▾</span>
          </Button>
          {clearable && value !== '' ? (
            // Outside the Select's button context: a Button inside a Select otherwise takes the
            // trigger's ref, and the popover loses its anchor when this one unmounts.
            <ButtonContext.Provider value={null}>
              <Button
                className="button button--quiet button--small"
                aria-label={`Clear ${textOf(label, props.name)}`}
                onPress={() => {
                  const cleared = clearSelection();
                  setTouched(cleared.touched);
                  onChange(cleared.value);
                }}
              >
                ×
              </Button>
            </ButtonContext.Provider>
          ) : null}
        </div>
        {props.description ? (
          <Text slot="description" className="description">
            {props.description}
          </Text>
        ) : null}
        <FieldError className="field-error">{message}</FieldError>
        <Popover className="popover">
          <ListBox
            className="listbox"
            items={listed.map((option) => ({ ...option, id: option.value }))}
            renderEmptyState={() => <div className="listbox-empty">{emptyListText(loading)}</div>}
          >
            {(option) => (
              <ListBoxItem className="option" id={option.value} textValue={option.text}>
                {option.text}
              </ListBoxItem>
            )}
          </ListBox>
        </Popover>
      </Select>
    </div>
  );
});

export interface ComboBoxFieldProps extends PickerProps {
  value: string;
  onChange(value: string): void;
  /**
   * Whether the chosen option leaves the list; false unless given: a combobox shows the chosen
   * option's text in its input (the country picker never hides it, contract section 6).
   */
  hideSelected?: boolean;
  /** Most options listed at once (long lists: type to narrow); 300 unless given. */
  limit?: number;
}

/** Options whose text contains every typed word, at most `limit` of them. */
export function matchingOptions(options: readonly OptionEntry[], query: string, limit: number): OptionEntry[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const matches: OptionEntry[] = [];
  for (const option of options) {
    const text = option.text.toLowerCase();
    if (words.every((word) => text.includes(word))) matches.push(option);
    if (matches.length >= limit) break;
  }
  return matches;
}

/**
 * A searchable single select (React Aria combobox) with core's field rules; used for long lists
 * (countries, time zones, households). Emptying the text clears the value (`''`, touched).
 */
export const ComboBoxField = memo(function ComboBoxField(props: ComboBoxFieldProps) {
  const { label, options, value, onChange, hideSelected = false, loading = false, isRequired, limit = 300 } = props;
  const [touched, setTouched] = useState(false);
  const [query, setQuery] = useState<string | null>(null);
  const active = useActive();
  const state: FieldState<string> = { value, touched };
  const message = messageOf(state, props);
  const selected = options.find((option) => option.value === value);
  // Typing narrows the list; showing the chosen option's text (or nothing) lists everything.
  const narrowing = query !== null && query !== '' && query !== selected?.text;
  const listed = active.on ? matchingOptions(visibleOptions(options, value, hideSelected), narrowing ? query : '', limit) : [];
  // React Aria shows the chosen option's text from the list, so it always stays in it.
  if (selected && !hideSelected && !listed.includes(selected)) listed.unshift(selected);
  return (
    <ComboBox
      className={`field ${props.className ?? ''}`}
      selectedKey={value === '' ? null : value}
      onSelectionChange={(key: Key | null) => {
        if (key === null) return;
        const next = chooseOption(state, options, String(key));
        setQuery(null);
        if (next.value !== value) onChange(next.value);
      }}
      onInputChange={(text) => {
        setQuery(text);
        if (text === '' && value !== '') {
          const cleared = clearSelection();
          setTouched(cleared.touched);
          onChange(cleared.value);
        }
      }}
      onFocus={active.activate}
      onBlur={() => {
        setTouched(blurField(state).touched);
        setQuery(null);
      }}
      items={listed.map((option) => ({ ...option, id: option.value }))}
      disabledKeys={disabledKeys(options)}
      isInvalid={!!message}
      isRequired={isRequired}
      isDisabled={props.isDisabled}
      validationBehavior="aria"
      allowsEmptyCollection
    >
      <FieldLabel label={label} isRequired={isRequired} />
      <div className="combo">
        <Input className="combo-input" placeholder={props.placeholder} />
        <Button className="combo-toggle" aria-label={`Show ${textOf(label, props.name)} options`} onHoverStart={active.activate}>
          ▾
        </Button>
      </div>
      {props.description ? (
        <Text slot="description" className="description">
          {props.description}
        </Text>
      ) : null}
      <FieldError className="field-error">{message}</FieldError>
      <Popover className="popover">
        <ListBox className="listbox" renderEmptyState={() => <div className="listbox-empty">{emptyListText(loading)}</div>}>
          {(option: OptionEntry & { id: string }) => (
            <ListBoxItem className="option" id={option.id} textValue={option.text}>
              {option.text}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
});

export interface MultiSelectFieldProps extends PickerProps {
  value: readonly string[];
  onChange(value: string[]): void;
  hideSelected?: boolean;
}

/**
 * A multi select with core's rules: the value is an array; chosen options show as removable
 * tags and leave the list; removing the last one marks the field touched.
 */
export const MultiSelectField = memo(function MultiSelectField(props: MultiSelectFieldProps) {
  const { label, options, value, onChange, hideSelected = true, loading = false, isRequired } = props;
  const [touched, setTouched] = useState(false);
  const active = useActive();
  const state: FieldState<string[]> = { value: [...value], touched };
  const message = messageOf(state, props);
  const listed = active.on ? visibleOptions(options, value, hideSelected) : [];
  const name = textOf(label, props.name);
  return (
    <div className={`field ${props.className ?? ''}`}>
      <Select
        className="select"
        value={null}
        onChange={(key: Key | null) => {
          if (key === null) return;
          const next = addOption(state, options, String(key));
          if (next !== state) onChange(next.value);
        }}
        onFocus={active.activate}
        onBlur={() => setTouched(blurField(state).touched)}
        disabledKeys={disabledKeys(options)}
        isInvalid={!!message}
        isRequired={isRequired}
        isDisabled={props.isDisabled}
        validationBehavior="aria"
        allowsEmptyCollection
      >
        <FieldLabel label={label} isRequired={isRequired} />
        <Button className="select-button" data-invalid={message ? true : undefined} onHoverStart={active.activate}>
          <SelectValue>{() => <span className="select-placeholder">{props.placeholder ?? 'Add…'}</span>}</SelectValue>
          <span aria-hidden="true">▾</span>
        </Button>
        {props.description ? (
          <Text slot="description" className="description">
            {props.description}
          </Text>
        ) : null}
        <FieldError className="field-error">{message}</FieldError>
        <Popover className="popover">
          <ListBox
            className="listbox"
            items={listed.map((option) => ({ ...option, id: option.value }))}
            renderEmptyState={() => <div className="listbox-empty">{emptyListText(loading)}</div>}
          >
            {(option) => (
              <ListBoxItem className="option" id={option.value} textValue={option.text}>
                {option.text}
              </ListBoxItem>
            )}
          </ListBox>
        </Popover>
      </Select>
      {value.length > 0 ? (
        <ul className="tag-list" aria-label={`Chosen ${name}`} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {value.map((chosen) => {
            const option = options.find((entry) => entry.value === chosen);
            return (
              <li key={chosen} className="tag">
                {option?.text ?? chosen}
              <Button
                  aria-label={`Remove ${option?.text ?? chosen}`}
                  onPress={() => {
                    const next = removeOption(state, chosen);
                    setTouched(next.touched);
                    onChange(next.value);
                  }}
                >
                  ×
                </Button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
});
