import { formatInstant } from './format';
import { timeAgo } from './time-ago';

/** An instant in words (`3 hours ago`), exact in the occasion's zone on hover and for machines. */
export function When({ at, timeZone }: { at: string; timeZone: string }) {
  const exact = formatInstant(at, timeZone);
  return (
    <time dateTime={at} title={exact}>
      {timeAgo(at)}
    </time>
  );
}
