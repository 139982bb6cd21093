import { parseAbsolute, parseDate, type CalendarDate, type ZonedDateTime } from '@internationalized/date';
import type { ReactNode } from 'react';
import {
  Button,
  Calendar,
  CalendarCell,
  CalendarGrid,
  DateInput,
  DatePicker,
  DateSegment,
  Dialog,
  FieldError,
  Group,
  Heading,
  Popover,
  Text,
  type DateValue,
} from 'react-aria-components';
import { DEFAULT_MAX_DATE, DEFAULT_MIN_DATE } from '../../core/fields';
import { FieldLabel } from './field-label';

const MIN_DATE = parseDate(DEFAULT_MIN_DATE);
const MAX_DATE = parseDate(DEFAULT_MAX_DATE);

function toCalendarDate(value: string): CalendarDate | null {
  try {
    return value ? parseDate(value) : null;
  } catch {
    return null;
  }
}

function toZoned(value: string, timeZone: string): ZonedDateTime | null {
  try {
    return value ? parseAbsolute(value, timeZone) : null;
  } catch {
    return null;
  }
}

/** The UTC ISO instant of a picked value (zoned, or a plain date/time read in `timeZone`). */
function toInstant(value: DateValue, timeZone: string): string {
  return ('timeZone' in value ? value.toDate() : value.toDate(timeZone)).toISOString();
}

interface CommonProps {
  label: ReactNode;
  error?: string | undefined;
  description?: ReactNode;
  isRequired?: boolean;
  /** `YYYY-MM-DD`; 1900-01-01 unless given (contract section 6). */
  minDate?: string;
  /** `YYYY-MM-DD`; 2099-12-31 unless given. */
  maxDate?: string;
}

function PickerBody({ label, error, description, isRequired }: CommonProps) {
  return (
    <>
      <FieldLabel label={label} isRequired={isRequired} />
      <Group className="react-aria-Group date-group">
        <DateInput className="date-input">{(segment) => <DateSegment className="date-segment" segment={segment} />}</DateInput>
        <Button className="button button--quiet button--small" aria-label="Open calendar">
          ▾
        </Button>
      </Group>
      {description ? (
        <Text slot="description" className="description">
          {description}
        </Text>
      ) : null}
      <FieldError className="field-error">{error}</FieldError>
      <Popover className="popover">
        <Dialog className="calendar-dialog" aria-label="Calendar">
          <Calendar className="calendar">
            <header>
              <Button slot="previous" className="button button--small" aria-label="Previous month">
                ‹
              </Button>
              <Heading />
              <Button slot="next" className="button button--small" aria-label="Next month">
                ›
              </Button>
            </header>
            <CalendarGrid>{(date) => <CalendarCell className="calendar-cell" date={date} />}</CalendarGrid>
          </Calendar>
        </Dialog>
      </Popover>
    </>
  );
}

export interface DateFieldProps extends CommonProps {
  /** `YYYY-MM-DD` or `''`. */
  value: string;
  onChange(value: string): void;
}

/** A calendar date (`YYYY-MM-DD`) picker: typed segment by segment or chosen on a calendar. */
export function DatePickerField(props: DateFieldProps) {
  return (
    <DatePicker
      className="field"
      value={toCalendarDate(props.value)}
      onChange={(value) => props.onChange(value ? value.toString() : '')}
      minValue={props.minDate ? parseDate(props.minDate) : MIN_DATE}
      maxValue={props.maxDate ? parseDate(props.maxDate) : MAX_DATE}
      isInvalid={!!props.error}
      isRequired={props.isRequired}
      validationBehavior="aria"
    >
      <PickerBody {...props} />
    </DatePicker>
  );
}

export interface DateTimeFieldProps extends CommonProps {
  /** An ISO instant in UTC, or `''`. */
  value: string;
  onChange(value: string): void;
  /** The IANA zone the time is shown and typed in (the occasion's). */
  timeZone: string;
}

/**
 * A date and time picker for an instant, shown and typed in `timeZone`; the value in and out is
 * an ISO instant in UTC (`2027-06-12T22:00:00.000Z`).
 */
export function DateTimePickerField(props: DateTimeFieldProps) {
  const { timeZone } = props;
  return (
    <DatePicker
      className="field"
      value={toZoned(props.value, timeZone)}
      onChange={(value) => props.onChange(value ? toInstant(value, timeZone) : '')}
      granularity="minute"
      hideTimeZone={false}
      minValue={props.minDate ? parseDate(props.minDate) : MIN_DATE}
      maxValue={props.maxDate ? parseDate(props.maxDate) : MAX_DATE}
      placeholderValue={toZoned('2027-01-01T18:00:00Z', timeZone) ?? undefined}
      isInvalid={!!props.error}
      isRequired={props.isRequired}
      validationBehavior="aria"
    >
      <PickerBody {...props} />
    </DatePicker>
  );
}
