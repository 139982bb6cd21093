import type { EventInfo } from '../../core/schemas/event';
import { useLanguage } from '../i18n';
import { Heading } from '../ui/heading';
import { formatDates } from './dates';

/** The occasion's title and dates: the one line of event information above the RSVP. */
export function EventTitle({ info, focusHeading }: { info: EventInfo; focusHeading: boolean }) {
  const { locale } = useLanguage();
  const { occasion } = info;
  return (
    <div className="pad">
      <Heading id="kindly-event" focus={focusHeading}>
        {occasion.title}
      </Heading>
      <p className="muted">{formatDates(occasion.startDate, occasion.endDate, locale)}</p>
    </div>
  );
}

