import { atom } from 'nanostores';
import { useMemo } from 'react';
import { useSearchParams } from 'wouter';
import type { ClientError } from '../../core/client/result';
import type { Activity } from '../../core/schemas/activity';
import type { Seating } from '../../core/schemas/seating';
import { useQuery } from '../data/kindly';
import { useRefreshOnFocus } from '../data/refresh-on-focus';
import { useOccasionData, type OccasionData } from '../guests/occasion-data';
import { useOccasion } from '../occasion/occasion-context';
import { planSeating, type SeatingPlan } from './seating-logic';

/** What the seating screens show, once everything is in. */
export interface SeatingView {
  data: OccasionData;
  activity: Activity;
  seating: Seating;
  plan: SeatingPlan;
}

export type SeatingState =
  | { status: 'pending' }
  | { status: 'error'; error: ClientError; what: string; retry(): void }
  | { status: 'no-activity' }
  | { status: 'ready'; view: SeatingView };

/** A key part that keeps the seating's store waiting while there is no activity. */
const NO_ACTIVITY = atom<false>(false);

/** The activity the screen shows: `?activity=` when it names one of the occasion's, else the first. */
export function useChosenActivity(activities: readonly Activity[] | undefined): [Activity | undefined, (activityId: string) => void] {
  const [params, setParams] = useSearchParams();
  const wanted = params.get('activity');
  const activity = activities?.find((candidate) => candidate.id === wanted) ?? activities?.[0];
  return [activity, (activityId) => setParams({ activity: activityId }, { replace: true })];
}

/**
 * The occasion's guests, households, activities and categories, the chosen activity and its
 * seating, read into a {@link SeatingPlan}. Replies come from guests, whom the host's cache
 * never hears: the seating and the guests are asked again on focus.
 */
export function useSeating(): { state: SeatingState; activities: Activity[] | undefined; choose(activityId: string): void } {
  const occasion = useOccasion();
  useRefreshOnFocus(['Seating', 'Guest']);
  const occasionData = useOccasionData(occasion.id);
  const activities = occasionData.status === 'ready' ? occasionData.data.activities : undefined;
  const [activity, choose] = useChosenActivity(activities);
  const activityId = activity?.id ?? '';
  const seating = useQuery((s) => s.seating(occasion.id, activityId || NO_ACTIVITY), `${occasion.id} ${activityId}`);
  const state = useMemo((): SeatingState => {
    if (occasionData.status === 'error') return { status: 'error', error: occasionData.error, what: 'the guests', retry: occasionData.retry };
    if (occasionData.status === 'pending') return { status: 'pending' };
    if (!activity) return { status: 'no-activity' };
    if (seating.error && !seating.data) return { status: 'error', error: seating.error, what: 'the seating', retry: seating.retry };
    if (!seating.data || seating.data.activityId !== activity.id) return { status: 'pending' };
    const { data } = occasionData;
    return { status: 'ready', view: { data, activity, seating: seating.data, plan: planSeating(activity, data.guests, data.households, seating.data) } };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [occasionData, activity, seating.data, seating.error]);
  return { state, activities, choose };
}
