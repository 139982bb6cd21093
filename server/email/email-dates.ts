/** Dates in messages, as people read them, in the occasion's time zone. */

/** `Saturday 12 June 2027`, or `Saturday 12 – Sunday 13 June 2027` style ranges as two dates. */
export function occasionDates(startDate: string, endDate: string): string {
  const day = (date: string) =>
    new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${date}T12:00:00Z`),
    );
  return startDate === endDate ? day(startDate) : `${day(startDate)} – ${day(endDate)}`;
}

/** An instant in the occasion's time zone: `Saturday 12 June 2027, 15:00 (Europe/Lisbon)`. */
export function localInstant(instant: string, timeZone: string): string {
  const text = new Intl.DateTimeFormat('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: safeZone(timeZone),
  }).format(new Date(instant));
  return `${text} (${safeZone(timeZone)})`;
}

function safeZone(timeZone: string): string {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return timeZone;
  } catch {
    return 'UTC';
  }
}
