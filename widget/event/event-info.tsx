import type { EventInfo } from '../../core/schemas/event';
import { useLanguage } from '../i18n';
import { Heading } from '../ui/heading';
import { formatDates, formatTimes } from './dates';

/** The occasion (title, dates, venue) and the activities the household is invited to. */
export function EventInfoCard({ info, focusHeading }: { info: EventInfo; focusHeading: boolean }) {
  const { strings, locale } = useLanguage();
  const { occasion, activities } = info;
  return (
    <section className="card" part="card" aria-labelledby="kindly-event">
      <Heading id="kindly-event" focus={focusHeading}>
        {occasion.title}
      </Heading>
      {occasion.description ? <p className="text">{occasion.description}</p> : null}
      <dl>
        <dt>{strings.dates}</dt>
        <dd>{formatDates(occasion.startDate, occasion.endDate, locale)}</dd>
        {occasion.venueName || occasion.venueAddress ? (
          <>
            <dt>{strings.venue}</dt>
            <dd className="text">{[occasion.venueName, occasion.venueAddress].filter(Boolean).join('\n')}</dd>
          </>
        ) : null}
      </dl>
      <h3 part="heading">{strings.schedule}</h3>
      {activities.length === 0 ? <p className="muted">{strings.noActivities}</p> : null}
      <ul className="stack">
        {activities.map((activity) => (
          <li key={activity.id} className="sep">
            <h4>{activity.name}</h4>
            <dl>
              <dt>{strings.when}</dt>
              <dd>{formatTimes(activity.startsAt, activity.endsAt, occasion.timezone, locale)}</dd>
              {activity.locationName || activity.address ? (
                <>
                  <dt>{strings.where}</dt>
                  <dd className="text">{[activity.locationName, activity.address].filter(Boolean).join('\n')}</dd>
                </>
              ) : null}
              {activity.dressCode ? (
                <>
                  <dt>{strings.dressCode}</dt>
                  <dd>{activity.dressCode}</dd>
                </>
              ) : null}
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
    </section>
  );
}
