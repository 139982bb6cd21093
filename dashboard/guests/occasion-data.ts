import { atom } from 'nanostores';
import { useCallback, useContext, useMemo, useState, useSyncExternalStore } from 'react';
import type { Query } from '../../core/client/query-context';
import type { ClientError } from '../../core/client/result';
import type { Activity } from '../../core/schemas/activity';
import type { AttributeCategory } from '../../core/schemas/attribute-category';
import type { Guest } from '../../core/schemas/guest';
import type { Household } from '../../core/schemas/household';
import { useKindly, useQuery } from '../data/kindly';
import { OccasionListsContext } from '../occasion/occasion-context';

/** Everything the guest screens show, loaded together. */
export interface OccasionData {
  guests: Guest[];
  households: Household[];
  activities: Activity[];
  categories: AttributeCategory[];
}

export type OccasionDataState =
  | { status: 'pending' }
  | { status: 'error'; error: ClientError; retry(): void }
  | {
      status: 'ready';
      data: OccasionData;
      refreshing: boolean;
      householdsPending: boolean;
      /**
       * `data.guests` is the list's first page only (`firstPage: true`, the whole list still
       * downloading): the same guests in the same order as the list's first ones, and nothing
       * that needs every guest (search, filters, counts, select-all, bulk actions, export,
       * the guest form) may act on it.
       */
      partial: boolean;
    };

const NO_HOUSEHOLDS: Household[] = [];
const NO_PAGE = atom<{ data?: Guest[] }>({});

/**
 * The guest list's first page while the whole list is on its way: asked only when the screen
 * opened without the list already cached, and dropped once the list is in.
 */
function useFirstPage(occasionId: string, wanted: boolean, shared: Query<Guest[]> | undefined): Guest[] | undefined {
  const { stores } = useKindly();
  // The occasion routes' store when they have one (subscribed by their prefetch: already read).
  const store = useMemo(() => (wanted ? (shared ?? stores.guestsFirstPage(occasionId)) : NO_PAGE), [stores, occasionId, wanted, shared]);
  // Read without mounting (`value`): a fetcher store's `get()` before its subscription starts and
  // stops it on every read, with a new state each time, which React takes for a changing store.
  const subscribe = useCallback((onChange: () => void) => store.listen(() => onChange()), [store]);
  const read = useCallback(() => store.value?.data, [store]);
  return useSyncExternalStore(subscribe, read, read);
}

/**
 * The guests, households, activities and attribute categories of an occasion (each cached by
 * tag). With `waitForHouseholds: false` the state is ready without the households (the guest
 * list shows its rows first and the household names when they arrive). With `firstPage: true`,
 * when the guest list is not cached as the screen opens, the list's first page is asked for
 * beside it and the state is ready, `partial`, as soon as that page is in.
 */
export function useOccasionData(occasionId: string, { waitForHouseholds = true, firstPage = false } = {}): OccasionDataState {
  // The occasion routes' stores when they are this occasion's (subscribed already: cheap to read).
  const shared = useContext(OccasionListsContext);
  const lists = shared?.occasionId === occasionId ? shared : undefined;
  const guests = useQuery((s) => lists?.guests ?? s.guests(occasionId), occasionId);
  const households = useQuery((s) => lists?.households ?? s.households(occasionId), occasionId);
  const activities = useQuery((s) => lists?.activities ?? s.activities(occasionId), occasionId);
  const categories = useQuery((s) => lists?.categories ?? s.attributeCategories(occasionId), occasionId);
  // Decided once, as the screen opens: a list already cached (or revalidating) is shown as it is.
  const [pageWanted] = useState(() => firstPage && guests.data === undefined);
  const page = useFirstPage(occasionId, pageWanted && guests.data === undefined, lists?.firstPage);
  const all = [guests, households, activities, categories];
  const failed = all.find((query) => query.error && query.data === undefined);
  const refreshing = all.some((query) => query.loading);
  // One object per distinct state, so that screens can memoise and defer on it.
  return useMemo((): OccasionDataState => {
    if (failed) {
      return { status: 'error', error: failed.error!, retry: () => all.forEach((query) => query.error && query.retry()) };
    }
    const shownGuests = guests.data ?? page;
    if (!shownGuests || !activities.data || !categories.data || (waitForHouseholds && !households.data)) return { status: 'pending' };
    return {
      status: 'ready',
      data: { guests: shownGuests, households: households.data ?? NO_HOUSEHOLDS, activities: activities.data, categories: categories.data },
      refreshing,
      householdsPending: !households.data,
      partial: !guests.data,
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [failed?.error, guests.data, page, households.data, activities.data, categories.data, refreshing, waitForHouseholds]);
}
