/**
 * The dashboard's screens: the paths its routers answer, in one place. The routers build their
 * `<Route>`s from these lists (each keeps a record of components keyed by them, so a path without
 * a screen, or a screen without a path, does not compile), and the browser tests visit every
 * screen that `screenPaths()` gives. No React here: the tests import it in Node.
 */

import type { Permission } from '../core/schemas/people';

/** The app's areas (`app.tsx`): where each is mounted and whether it needs a session. */
export const AREAS = {
  auth: { path: '/auth', signedIn: false },
  occasions: { path: '/occasions', signedIn: true },
  occasion: { path: '/occasion/:occasionId', signedIn: true },
  account: { path: '/account', signedIn: true },
} as const;

/** `/auth/*` (`auth/auth-routes.tsx`). */
export const AUTH_SCREENS = ['/sign-in', '/sign-up', '/forgot-password'] as const;

/** `/occasions/*` (`occasions/occasions-routes.tsx`); `/new` is the list with the create dialog open. */
export const OCCASIONS_SCREENS = ['/', '/new'] as const;

/** An occasion's tabs (`occasion/occasion-routes.tsx`), in the order the tab bar shows them, and the permission (core's role table) a role needs to see each. */
export const OCCASION_TABS = [
  { path: '', label: 'Overview', needs: 'read' },
  { path: '/schedule', label: 'Schedule', needs: 'read' },
  { path: '/guests', label: 'Guests', needs: 'read' },
  { path: '/households', label: 'Households', needs: 'read' },
  { path: '/questions', label: 'Questions', needs: 'read' },
  { path: '/replies', label: 'Replies', needs: 'read' },
  { path: '/seating', label: 'Seating', needs: 'read' },
  { path: '/emails', label: 'Email', needs: 'read' },
  { path: '/door', label: 'Door', needs: 'door' },
  { path: '/people', label: 'People', needs: 'read' },
  { path: '/webhooks', label: 'Webhooks', needs: 'read' },
  { path: '/edit', label: 'Settings', needs: 'write' },
] as const satisfies ReadonlyArray<{ path: string; label: string; needs: Permission }>;

/** An occasion tab's path (`''` is the overview). */
export type OccasionSection = (typeof OCCASION_TABS)[number]['path'];

/** `.../guests/*` (`guests/guests-routes.tsx`). */
export const GUESTS_SCREENS = ['/', '/grid', '/attributes', '/import'] as const;

/** `.../households/*` (`households/households-routes.tsx`). */
export const HOUSEHOLDS_SCREENS = ['/', '/print', '/cards'] as const;

/** `.../seating/*` (`seating/seating-routes.tsx`): the plan, and its print view (`?activity=` picks the activity on both). */
export const SEATING_SCREENS = ['/', '/print'] as const;

/** The tabs that hold more than one screen: their own routes, under the tab's path. */
export const OCCASION_TAB_SCREENS: Partial<Record<OccasionSection, readonly string[]>> = {
  '/guests': GUESTS_SCREENS,
  '/households': HOUSEHOLDS_SCREENS,
  '/seating': SEATING_SCREENS,
};

/** One screen of the dashboard. */
export interface ScreenPath {
  /** The whole path, with `:occasionId` for an occasion's screens. */
  path: string;
  /** Whether it needs a session (the others are for signed-out visitors only). */
  signedIn: boolean;
}

const join = (base: string, path: string): string => (path === '/' ? base : `${base}${path}`);

/** Every screen the routers answer, in the order of the lists above. */
export function screenPaths(): ScreenPath[] {
  const occasion = AREAS.occasion.path;
  return [
    ...AUTH_SCREENS.map((path) => ({ path: join(AREAS.auth.path, path), signedIn: AREAS.auth.signedIn })),
    ...OCCASIONS_SCREENS.map((path) => ({ path: join(AREAS.occasions.path, path), signedIn: AREAS.occasions.signedIn })),
    { path: AREAS.account.path, signedIn: AREAS.account.signedIn },
    ...OCCASION_TABS.flatMap(({ path: tab }) =>
      (OCCASION_TAB_SCREENS[tab] ?? ['/']).map((path) => ({ path: join(`${occasion}${tab}`, path), signedIn: AREAS.occasion.signedIn })),
    ),
  ];
}
