import { useEffect, useMemo, useState, type ReactElement } from 'react';
import { Button } from 'react-aria-components';
import type { OptionEntry } from '../../core/options';
import { ComboBoxField } from '../components/combo-box-field';
import { SelectField } from '../components/select-field';
import { TextInput } from '../components/text-input';
import { EMPTY_FILTERS, isFiltered, NO_HOUSEHOLD, type GuestFilters } from './guest-filters';
import type { OccasionData } from './occasion-data';

export const RESPONSE_FILTERS: OptionEntry[] = [
  { value: 'INVITED', text: 'Invited' },
  { value: 'NOT_INVITED', text: 'Not invited' },
  { value: 'PENDING', text: 'No answer yet' },
  { value: 'ATTENDING', text: 'Attending' },
  { value: 'DECLINED', text: 'Declined' },
];

/** The filter options of an occasion: households (and "none"), attribute values, activities. */
export function useFilterOptions(data: OccasionData) {
  return useMemo(() => {
    const households: OptionEntry[] = [
      { value: NO_HOUSEHOLD, text: '(No household)' },
      ...data.households.map((household) => ({ value: household.id, text: household.name })),
    ];
    const attributes: OptionEntry[] = data.categories.flatMap((category) =>
      category.options.map((option) => ({ value: `${category.id}=${option.value}`, text: `${category.name}: ${option.text}` })),
    );
    const activities: OptionEntry[] = data.activities.map((activity) => ({ value: activity.id, text: activity.name }));
    return { households, attributes, activities };
  }, [data.households, data.categories, data.activities]);
}

/** The search box and filters above a guest list. `onChange` takes an updater, so the setters stay the same. */
export function GuestFilterBar({
  data,
  filters,
  onChange,
}: {
  data: OccasionData;
  filters: GuestFilters;
  onChange(update: (filters: GuestFilters) => GuestFilters): void;
}) {
  const options = useFilterOptions(data);
  // Stable setters: typing in the search box re-renders the box, not the other pickers.
  const setters = useMemo(() => {
    const make = (key: keyof GuestFilters) => (value: string) => onChange((current) => ({ ...current, [key]: value }));
    return { search: make('search'), householdId: make('householdId'), attribute: make('attribute'), activityId: make('activityId'), response: make('response') };
  }, [onChange]);
  const set = (key: keyof GuestFilters) => setters[key];
  const fields: ReactElement<{ label: string }>[] = [
    <TextInput key="search" label="Search by name" type="search" value={filters.search} onChange={set('search')} className="search-field" />,
    <ComboBoxField key="household" label="Household" options={options.households} value={filters.householdId} onChange={set('householdId')} placeholder="Any" limit={100} />,
    <SelectField key="attribute" label="Attribute" options={options.attributes} value={filters.attribute} onChange={set('attribute')} placeholder="Any" />,
    <SelectField key="activity" label="Activity" options={options.activities} value={filters.activityId} onChange={set('activityId')} placeholder="Any" />,
    <SelectField key="response" label="Response" options={RESPONSE_FILTERS} value={filters.response} onChange={set('response')} placeholder="Any" />,
  ];
  const mounted = useOneByOne(fields.length);
  return (
    <div className="toolbar" role="search" aria-label="Find guests">
      {fields.map((field, index) => (index < mounted ? field : <FieldPlaceholder key={field.key} label={field.props.label} />))}
      {isFiltered(filters) ? (
        <Button className="button button--quiet" onPress={() => onChange(() => EMPTY_FILTERS)}>
          Reset filters
        </Button>
      ) : null}
    </div>
  );
}

/**
 * How many of `count` parts are shown: the first at once, then one more in each following task.
 * React Aria's pickers take 30 to 85 ms each to mount at 4× CPU: mounted together, the filter bar
 * was one task of up to 300 ms during the guest list's load (profiled).
 */
export function useOneByOne(count: number): number {
  const [shown, setShown] = useState(1);
  useEffect(() => {
    if (shown >= count) return;
    const timer = setTimeout(() => setShown((current) => current + 1), 0);
    return () => clearTimeout(timer);
  }, [shown, count]);
  return Math.min(shown, count);
}

/** A field's place while it waits for its turn: its label and an empty box, hidden from assistive technology. */
function FieldPlaceholder({ label }: { label: string }) {
  return (
    <div className="field" aria-hidden="true" data-waiting="">
      <span className="label">{label}</span>
      <span className="input">{'\u00a0'}</span>
    </div>
  );
}
