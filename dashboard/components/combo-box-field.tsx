import { memo, useState } from 'react';
import { Button, ComboBox, Input, type Key } from 'react-aria-components';
import { blurField, chooseOption, clearSelection, visibleOptions, type FieldState } from '../../core/fields';
import type { OptionEntry } from '../../core/options';
import { FieldLabel } from './field-label';
import { disabledKeys, messageOf, OptionsPopover, PickerNotes, textOf, useActive, type PickerProps } from './picker-parts';

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
      <PickerNotes description={props.description} message={message} />
      <OptionsPopover loading={loading} />
    </ComboBox>
  );
});
