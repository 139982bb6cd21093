import { useEffect, useMemo, useState } from 'react';
import type { HostStores } from '../../core/client/host-stores';
import type { Query } from '../../core/client/query-context';
import { errorMessage } from '../../core/client/result';
import type { HistoryEntry, HistoryPage } from '../../core/schemas/history';
import { formatInstant } from '../components/format';
import { ErrorState, Loading } from '../components/states';
import { useKindly, useQuery } from '../data/kindly';
import { actorText, historySentence, relativeTime } from './history-sentence';

/** Whose history a feed shows: the whole occasion's, one household's or one guest's. */
export interface HistoryFeedProps {
  occasionId: string;
  timeZone: string;
  householdId?: string;
  guestId?: string;
  /** What the list is called for assistive technology. */
  label: string;
  /** Shown when there is no entry yet. */
  emptyText?: string;
}

function pageStore(stores: HostStores, props: HistoryFeedProps): Query<HistoryPage> {
  if (props.householdId) return stores.householdHistory(props.occasionId, props.householdId);
  if (props.guestId) return stores.guestHistory(props.occasionId, props.guestId);
  return stores.history(props.occasionId);
}

/**
 * A history feed, newest first: one sentence per change ("Amara Kim declined the Brunch"),
 * who made it and how long ago (the exact time in the tooltip), and "Load more" for older
 * pages. The first page follows every write (its store's `History` tag).
 */
export function HistoryFeed(props: HistoryFeedProps) {
  const { occasionId, timeZone, householdId, guestId, label, emptyText = 'No changes yet.' } = props;
  const { client } = useKindly();
  const first = useQuery((s) => pageStore(s, props), `${occasionId} ${householdId ?? ''} ${guestId ?? ''}`);
  const activities = useQuery((s) => s.activities(occasionId), occasionId);
  const [older, setOlder] = useState<{ entries: HistoryEntry[]; cursor: string | null } | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState('');
  // A new first page (a write happened) starts the older pages again from it.
  useEffect(() => setOlder(null), [first.data]);
  const names = useMemo(() => new Map((activities.data ?? []).map((activity) => [activity.id, activity])), [activities.data]);

  if (first.error) return <ErrorState error={first.error} what="the history" onRetry={first.retry} />;
  if (first.pending) return <Loading label="Loading history…" />;
  const entries = [...first.data!.entries, ...(older?.entries ?? [])];
  const cursor = older ? older.cursor : first.data!.nextCursor;

  const loadMore = async () => {
    if (!cursor) return;
    setLoadingMore(true);
    setMoreError('');
    const result = await client.getHistory(occasionId, { cursor, householdId, guestId });
    setLoadingMore(false);
    if (result.error) return setMoreError(errorMessage(result.error));
    setOlder({ entries: [...(older?.entries ?? []), ...result.data.entries], cursor: result.data.nextCursor });
  };

  if (entries.length === 0) return <p className="muted">{emptyText}</p>;
  const now = Date.now();
  return (
    <div className="history-feed">
      <ol aria-label={label}>
        {entries.map((entry) => (
          <li key={entry.id} data-entry={entry.entity}>
            <span className="history-feed__what">{historySentence(entry, names)}</span>
            <span className="small muted">
              {actorText(entry)} ·{' '}
              <time dateTime={entry.at} title={formatInstant(entry.at, timeZone)}>
                {relativeTime(entry.at, now)}
              </time>
            </span>
          </li>
        ))}
      </ol>
      {moreError ? (
        <p className="small" role="alert">
          Could not load more: {moreError}
        </p>
      ) : null}
      {cursor ? (
        <button type="button" className="button button--small" onClick={() => void loadMore()} disabled={loadingMore}>
          {loadingMore ? 'Loading…' : 'Load more'}
        </button>
      ) : null}
    </div>
  );
}
