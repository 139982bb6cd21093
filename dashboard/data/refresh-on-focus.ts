import { useEffect } from 'react';
import type { Tag } from '../../core/client/stale-tags';
import { useKindly } from './kindly';

/**
 * Marks `tags` stale when the screen opens and whenever the window regains focus: for data that
 * guests change through the guest area (replies, who is pending, confirmations), which the
 * host's cache never hears of. On a cold start this adds no request: the fetch of the opening
 * screen is under way, and a second one for the same key joins it.
 */
export function useRefreshOnFocus(tags: readonly Tag[]): void {
  const { stores } = useKindly();
  const key = tags.join(',');
  useEffect(() => {
    const refresh = () => stores.markStale(tags);
    refresh();
    window.addEventListener('focus', refresh);
    return () => window.removeEventListener('focus', refresh);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stores, key]);
}
