import { memo, useState } from 'react';
import { Button, Select, SelectValue, type Key } from 'react-aria-components';
import { addOption, blurField, removeOption, visibleOptions, type FieldState } from '../../core/fields';
import type { OptionEntry } from '../../core/options';
import { FieldLabel } from './field-label';
import { disabledKeys, messageOf, OptionsPopover, PickerNotes, textOf, useActive, type PickerProps } from './picker-parts';

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
        <PickerNotes description={props.description} message={message} />
        <OptionsPopover listed={listed} loading={loading} />
      </Select>
      {value.length > 0 ? (
        <ChosenTags
          name={textOf(label, props.name)}
          value={value}
          options={options}
          onRemove={(chosen) => {
            const next = removeOption(state, chosen);
            setTouched(next.touched);
            onChange(next.value);
          }}
        />
      ) : null}
    </div>
  );
});

/** The chosen options as tags, each with its remove button. */
function ChosenTags({ name, value, options, onRemove }: { name: string; value: readonly string[]; options: readonly OptionEntry[]; onRemove(chosen: string): void }) {
  return (
    <ul className="tag-list" aria-label={`Chosen ${name}`} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {value.map((chosen) => {
        const text = options.find((entry) => entry.value === chosen)?.text ?? chosen;
        return (
          <li key={chosen} className="tag">
            {text}
            <Button aria-label={`Remove ${text}`} onPress={() => onRemove(chosen)}>
              ×
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
