import { useContext } from 'react';
import { OccasionContext } from '../occasion/occasion-context';
import { HistoryFeed } from './history-feed';

/** The "History" part of a guest's or household's dialog: its feed, newest first. */
export function EntityHistory({ occasionId, guestId, householdId, name }: { occasionId: string; guestId?: string; householdId?: string; name: string }) {
  const timeZone = useContext(OccasionContext)?.timezone ?? 'UTC';
  const headingId = `history-${guestId ?? householdId}`;
  return (
    <section className="history-section" aria-labelledby={headingId}>
      <h3 id={headingId}>History</h3>
      <HistoryFeed
        occasionId={occasionId}
        timeZone={timeZone}
        guestId={guestId}
        householdId={householdId}
        label={`History of ${name}`}
        emptyText="No changes recorded yet."
      />
    </section>
  );
}
