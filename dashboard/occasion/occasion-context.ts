import { createContext, useContext } from 'react';
import type { Query } from '../../core/client/query-context';
import type { Activity } from '../../core/schemas/activity';
import type { AttributeCategory } from '../../core/schemas/attribute-category';
import type { Guest } from '../../core/schemas/guest';
import type { Household } from '../../core/schemas/household';
import type { Occasion } from '../../core/schemas/occasion';
import { roleCan, type Permission } from '../../core/schemas/people';

/** The occasion whose pages are shown (loaded once by the occasion layout). */
export const OccasionContext = createContext<Occasion | null>(null);

/** The current occasion; only inside `/occasion/:occasionId/*`. */
export function useOccasion(): Occasion {
  const occasion = useContext(OccasionContext);
  if (!occasion) throw new Error('useOccasion is only available under /occasion/:occasionId.');
  return occasion;
}

/** The stores of an occasion's four lists, made once by the occasion's routes. */
export interface OccasionListStores {
  occasionId: string;
  guests: Query<Guest[]>;
  households: Query<Household[]>;
  activities: Query<Activity[]>;
  categories: Query<AttributeCategory[]>;
  /**
   * The guest list's first page (`?limit=`), which the routes' prefetch subscribes to on the guest
   * list while the whole list is not in, so that the page finds it read when the occasion comes.
   */
  firstPage: Query<Guest[]>;
}

/**
 * The occasion's list stores, shared by the routes' prefetch and the screens: a store with a
 * subscriber is read for free, while a screen's own new store starts and stops around each read
 * until its subscription (React reads it on every render before that; ~70 ms at 4× CPU over the
 * guest list's load, in a profile).
 */
export const OccasionListsContext = createContext<OccasionListStores | null>(null);

/** Whether the signed-in person's role on the current occasion holds a permission: screens hide what it does not (the server refuses it anyway). */
export function useCan(permission: Permission): boolean {
  return roleCan(useOccasion().role, permission);
}
