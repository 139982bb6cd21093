import { memo, useState } from 'react';
import { Button, ButtonContext, Select, SelectValue, type Key } from 'react-aria-components';
import { blurField, chooseOption, clearSelection, visibleOptions, type FieldState } from '../../core/fields';
import { FieldLabel } from './field-label';
import { disabledKeys, messageOf, OptionsPopover, PickerNotes, textOf, useActive, type PickerProps } from './picker-parts';

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
        <PickerNotes description={props.description} message={message} />
        <OptionsPopover listed={listed} loading={loading} />
      </Select>
    </div>
  );
});
