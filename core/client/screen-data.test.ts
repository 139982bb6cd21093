import { describe, expect, it } from 'vitest';
import { GUEST_FIRST_PAGE, screenDataPaths } from './screen-data';

describe('screenDataPaths', () => {
  it('names the session and the occasion, then the lists (the guest list first) on the guest and household screens', () => {
    const lists = ['activities', 'attribute-categories', 'households'].map((list) => `/host/v1/occasion/a_B-1/${list}`);
    for (const screen of ['guests', 'households', 'guests/', 'households/x']) {
      // The guest screen names the list's first page in the whole list's place (the page asks for the list itself).
      const guests = screen.startsWith('guests') ? `/host/v1/occasion/a_B-1/guests?limit=${GUEST_FIRST_PAGE}` : '/host/v1/occasion/a_B-1/guests';
      expect(screenDataPaths(`/occasion/a_B-1/${screen}`), screen).toEqual(['/host/v1/auth/session', '/host/v1/occasion/a_B-1', guests, ...lists]);
    }
  });

  it('names the session and the occasion on its other screens', () => {
    for (const path of ['/occasion/abc', '/occasion/abc/', '/occasion/abc/overview', '/occasion/abc/questions']) {
      expect(screenDataPaths(path), path).toEqual(['/host/v1/auth/session', '/host/v1/occasion/abc']);
    }
  });

  it('names only the session elsewhere, and nothing that is not an id', () => {
    for (const path of ['/', '/occasions', '/auth/sign-in', '/occasion/', '/occasion/a%2Fb/guests', '/occasion/a.b/guests', '/occasion/abc/guestsx']) {
      const paths = screenDataPaths(path);
      expect(paths[0], path).toBe('/host/v1/auth/session');
      expect(paths.some((p) => p.includes('/guests')), path).toBe(false);
    }
  });
});
