import type { ReactNode } from 'react';
import type { EventInfo } from '../../core/schemas/event';
import { useLanguage } from '../i18n';
import { useWholeStrings } from '../i18n/later-strings';
import { Fold } from '../ui/fold';
import { formatTimes } from './dates';

/** A label and its text, left out when there is no text (lines kept). */
const row = (label: string, ...lines: string[]): ReactNode => {
  const text = lines.filter(Boolean).join('\n');
  return text ? [<dt key={label}>{label}</dt>, <dd key={`${label}:`} className="text">{text}</dd>] : null;
};

/** The occasion (description, venue) and the activities the household is invited to, folded under the RSVP. */
export function EventDetails({ info }: { info: EventInfo }) {
  const { locale } = useLanguage();
  const strings = useWholeStrings();
  const { occasion, activities } = info;
  return (
    <Fold title={strings.eventDetails}>
      {occasion.description ? <p className="text">{occasion.description}</p> : null}
      <dl>{row(strings.venue, occasion.venueName, occasion.venueAddress)}</dl>
      <h3 part="heading">{strings.schedule}</h3>
      <ul className="stack">
        {activities.length ? null : <li className="muted">{strings.noActivities}</li>}
        {activities.map((activity) => (
          <li key={activity.id} className="sep">
            <h4>{activity.name}</h4>
            <dl>
              {row(strings.when, formatTimes(activity.startsAt, activity.endsAt, occasion.timezone, locale))}
              {row(strings.where, activity.locationName, activity.address)}
              {row(strings.dressCode, activity.dressCode)}
            </dl>
            {activity.description ? <p className="text muted">{activity.description}</p> : null}
          </li>
        ))}
      </ul>
      {occasion.contactEmail ? (
        <p className="muted">
          {strings.questions} <a href={`mailto:${occasion.contactEmail}`} part="link">{occasion.contactEmail}</a>
        </p>
      ) : null}
    </Fold>
  );
}
