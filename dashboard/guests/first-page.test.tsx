import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { GUEST_FIRST_PAGE } from '../../core/client/screen-data';
import type { Guest } from '../../core/schemas/guest';
import { App } from '../app';
import { createKindly } from '../data/kindly';
import { HOST_SESSION as SESSION, occasionAnswer } from '../test-fixtures';

// Rendering is asynchronous (lazy routes, fetches); the tests poll with vi.waitFor instead of act().
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

const OCCASION = occasionAnswer(120);

const guest = (i: number): Guest => ({
  id: `guest${String(i).padStart(7, '0')}`,
  occasionId: 'occ1',
  householdId: null,
  firstName: `First${String(i).padStart(3, '0')}`,
  lastName: 'Many',
  email: '',
  phone: '',
  ageGroup: 'ADULT',
  plusOneAllowed: false,
  plusOneOf: null,
  dietaryNotes: '',
  attributes: {},
  notes: '',
  invitations: [],
  createdAt: '2027-01-01T00:00:00.000Z',
  updatedAt: '2027-01-01T00:00:00.000Z',
});
const LIST = Array.from({ length: 120 }, (_, i) => guest(i));

type Answer = { status: number; body: unknown };

/**
 * A fake API whose whole guest list answers only when `release()` is called (and, with
 * `holdOccasion`, the occasion only when `releaseOccasion()` is).
 */
function fakeApi({ holdOccasion = false } = {}) {
  const calls: string[] = [];
  let release!: () => void;
  const listHeld = new Promise<void>((resolve) => (release = resolve));
  let releaseOccasion!: () => void;
  const occasionHeld = holdOccasion ? new Promise<void>((resolve) => (releaseOccasion = resolve)) : Promise.resolve();
  const routes: Record<string, Answer> = {
    '/auth/session': { status: 200, body: SESSION },
    '/occasion/occ1': { status: 200, body: OCCASION },
    [`/occasion/occ1/guests?limit=${GUEST_FIRST_PAGE}`]: { status: 200, body: LIST.slice(0, GUEST_FIRST_PAGE) },
    '/occasion/occ1/activities': { status: 200, body: [] },
    '/occasion/occ1/attribute-categories': { status: 200, body: [] },
    '/occasion/occ1/households': { status: 200, body: [] },
  };
  const fetchImpl = (async (input: RequestInfo | URL) => {
    const path = String(input).replace('http://api.test/host/v1', '');
    calls.push(path);
    if (path === '/occasion/occ1/guests') await listHeld;
    if (path === '/occasion/occ1') await occasionHeld;
    const answer = path === '/occasion/occ1/guests' ? { status: 200, body: LIST } : (routes[path] ?? { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Not found.' } } });
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { kindly: createKindly('http://api.test', fetchImpl), calls, release, releaseOccasion };
}

const roots: Root[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) root.unmount();
  document.body.innerHTML = '';
});

function renderAt(path: string, kindly: ReturnType<typeof createKindly>) {
  const location = memoryLocation({ path, record: true });
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  roots.push(root);
  root.render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <App kindly={kindly} />
    </Router>,
  );
  return { container, navigate: location.navigate };
}

const count = (container: HTMLElement) => container.querySelector('[data-testid=guest-count]')?.textContent;

describe('the guest list\'s first page', () => {
  it('shows the first page at once, waits visibly for what needs every guest, then shows the whole list', async () => {
    const api = fakeApi();
    const { container } = renderAt('/occasion/occ1/guests', api.kindly);
    // happy-dom lays nothing out, so the virtualised rows stay out of the DOM: the table's row count
    // says what it holds (the rows themselves and their order are the browser e2e test's).
    await vi.waitFor(() => expect(container.querySelector('[role=table]')?.getAttribute('aria-rowcount')).toBe(String(GUEST_FIRST_PAGE + 1)), { timeout: 4000 });
    expect(count(container)).toBe('Loading all guests…');
    expect(container.querySelector('[data-testid=guest-count]')?.getAttribute('aria-live')).toBe('polite');
    const exportButton = [...container.querySelectorAll('button')].find((button) => button.textContent === 'Export CSV')!;
    expect(exportButton.disabled).toBe(true);
    expect(container.querySelector<HTMLInputElement>('.select-all input')!.disabled).toBe(true);
    expect(api.calls.filter((call) => call.startsWith('/occasion/occ1/guests'))).toEqual([`/occasion/occ1/guests?limit=${GUEST_FIRST_PAGE}`, '/occasion/occ1/guests'].sort());

    const table = container.querySelector('[role=table]');
    // Whatever React renders between the first page and the whole list, the list stays mounted.
    const unmounted: string[] = [];
    const watcher = new MutationObserver(() => {
      if (!container.contains(table)) unmounted.push(container.textContent ?? '');
    });
    watcher.observe(container, { childList: true, subtree: true });
    api.release();
    await vi.waitFor(() => expect(count(container)).toBe('120 guests'), { timeout: 4000 });
    watcher.disconnect();
    expect(unmounted).toEqual([]);
    expect(container.querySelector('[role=table]')).toBe(table);
    expect(container.querySelector('[role=table]')?.getAttribute('aria-rowcount')).toBe('121');
    expect(exportButton.disabled).toBe(false);
    expect(container.querySelector<HTMLInputElement>('.select-all input')!.disabled).toBe(false);
  });

  it('is asked for while the occasion loads, so that the list\'s first render shows its rows', async () => {
    const api = fakeApi({ holdOccasion: true });
    const { container } = renderAt('/occasion/occ1/guests', api.kindly);
    await vi.waitFor(() => expect(api.calls).toContain(`/occasion/occ1/guests?limit=${GUEST_FIRST_PAGE}`), { timeout: 4000 });
    expect(container.textContent).toContain('Loading the occasion…');
    // Let the first page's answer be read before the occasion comes.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const shown: string[] = [];
    const watcher = new MutationObserver(() => {
      const table = container.querySelector('[role=table]');
      shown.push(table ? `table ${table.getAttribute('aria-rowcount')}` : container.textContent!.includes('Loading the guest list…') ? 'loading' : 'other');
    });
    watcher.observe(container, { childList: true, subtree: true, characterData: true });
    api.releaseOccasion();
    await vi.waitFor(() => expect(container.querySelector('[role=table]')?.getAttribute('aria-rowcount')).toBe(String(GUEST_FIRST_PAGE + 1)), { timeout: 4000 });
    watcher.disconnect();
    // The guest screen never said it was loading the list: its first render had the first page's rows.
    expect(shown).not.toContain('loading');
    api.release();
    await vi.waitFor(() => expect(count(container)).toBe('120 guests'), { timeout: 4000 });
    // Once the whole list is in, the first page is not asked again.
    expect(api.calls.filter((call) => call.includes('limit='))).toEqual([`/occasion/occ1/guests?limit=${GUEST_FIRST_PAGE}`]);
  });

  it('does not ask for the first page when the whole list is already cached', async () => {
    const api = fakeApi();
    api.release();
    const { container, navigate } = renderAt('/occasion/occ1/guests', api.kindly);
    await vi.waitFor(() => expect(count(container)).toBe('120 guests'), { timeout: 4000 });
    navigate('/occasion/occ1/guests/grid');
    await vi.waitFor(() => expect(container.querySelector('[data-testid=guest-count]')).toBeNull(), { timeout: 4000 });
    api.calls.length = 0;
    navigate('/occasion/occ1/guests');
    await vi.waitFor(() => expect(count(container)).toBe('120 guests'), { timeout: 4000 });
    expect(api.calls.filter((call) => call.includes('limit='))).toEqual([]);
  });
});
