import { useContext, useMemo } from 'react';
import type { ClientError } from '../../core/client/result';
import type { Activity } from '../../core/schemas/activity';
import type { AttributeCategory } from '../../core/schemas/attribute-category';
import type { Guest } from '../../core/schemas/guest';
import type { Household } from '../../core/schemas/household';
import { useQuery } from '../data/kindly';
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
  | { status: 'ready'; data: OccasionData; refreshing: boolean; householdsPending: boolean };

const NO_HOUSEHOLDS: Household[] = [];

/**
 * The guests, households, activities and attribute categories of an occasion (each cached by
 * tag). With `waitForHouseholds: false` the state is ready without the households (the guest
 * list shows its rows first and the household names when they arrive).
 */
export function useOccasionData(occasionId: string, { waitForHouseholds = true } = {}): OccasionDataState {
  // The occasion routes' stores when they are this occasion's (subscribed already: cheap to read).
  const shared = useContext(OccasionListsContext);
  const lists = shared?.occasionId === occasionId ? shared : undefined;
  const guests = useQuery((s) => lists?.guests ?? s.guests(occasionId), occasionId);
  const households = useQuery((s) => lists?.households ?? s.households(occasionId), occasionId);
  const activities = useQuery((s) => lists?.activities ?? s.activities(occasionId), occasionId);
  const categories = useQuery((s) => lists?.categories ?? s.attributeCategories(occasionId), occasionId);
  const all = [guests, households, activities, categories];
  const failed = all.find((query) => query.error && query.data === undefined);
  const refreshing = all.some((query) => query.loading);
  // One object per distinct state, so that screens can memoise and defer on it.
  return useMemo((): OccasionDataState => {
    if (failed) {
      return { status: 'error', error: failed.error!, retry: () => all.forEach((query) => query.error && query.retry()) };
    }
    if (!guests.data || !activities.data || !categories.data || (waitForHouseholds && !households.data)) return { status: 'pending' };
    return {
      status: 'ready',
      data: { guests: guests.data, households: households.data ?? NO_HOUSEHOLDS, activities: activities.data, categories: categories.data },
      refreshing,
      householdsPending: !households.data,
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [failed?.error, guests.data, households.data, activities.data, categories.data, refreshing, waitForHouseholds]);
}
