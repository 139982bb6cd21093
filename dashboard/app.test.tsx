import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { App } from './app';
import { safeNext, signInPathFor } from './auth/session';
import { ErrorScreen, RouteError } from './components/error-screen';
import { createKindly } from './data/kindly';
import { HOST_SESSION as SESSION, occasionAnswer } from './test-fixtures';

// Rendering is asynchronous (lazy routes, fetches); the tests poll with vi.waitFor instead of act().
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

const OCCASION = occasionAnswer();

type Answer = { status: number; body: unknown } | Promise<{ status: number; body: unknown }>;

/** A fake API: each path (without `/host/v1`) answers a status and JSON body. */
function fakeApi(routes: Record<string, Answer>) {
  const calls: string[] = [];
  const fetchImpl = (async (input: RequestInfo | URL) => {
    const path = String(input).replace('http://api.test/host/v1', '');
    calls.push(path);
    const answer = await (routes[path] ?? { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Not found.' } } });
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { kindly: createKindly('http://api.test', fetchImpl), calls };
}

const roots: Root[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) root.unmount();
  document.body.innerHTML = '';
});

/** Renders the app at `path`; returns the container and the memory location's history. */
async function renderAt(path: string, routes: Record<string, Answer>) {
  const location = memoryLocation({ path, record: true });
  const { kindly, calls } = fakeApi(routes);
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  roots.push(root);
  root.render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <App kindly={kindly} />
    </Router>,
  );
  await new Promise((resolve) => setTimeout(resolve, 0));
  const current = () => location.history!.at(-1)!;
  return { container, current, calls };
}

const signedIn = { '/auth/session': { status: 200, body: SESSION }, '/occasions': { status: 200, body: [] } };
const signedOut = { '/auth/session': { status: 200, body: null } };

describe('session and redirect rules', () => {
  it('renders nothing until the session check has finished', async () => {
    let answer!: (value: { status: number; body: unknown }) => void;
    const pending = new Promise<{ status: number; body: unknown }>((resolve) => (answer = resolve));
    const { container, current } = await renderAt('/occasions', { ...signedIn, '/auth/session': pending });
    expect(container.innerHTML).toBe('');
    expect(current()).toBe('/occasions');
    answer({ status: 200, body: null });
    await vi.waitFor(() => expect(current()).toBe('/auth/sign-in'));
    await vi.waitFor(() => expect(container.textContent).toContain('Sign in to Kindly'), { timeout: 5000 });
  });

  it('sends a signed-out visitor of a signed-in route to sign-in, remembering where to come back', async () => {
    const { current } = await renderAt('/occasion/occ1/guests?x=1', signedOut);
    await vi.waitFor(() => expect(current()).toBe(`/auth/sign-in?next=${encodeURIComponent('/occasion/occ1/guests?x=1')}`));
  });

  it('sends a signed-in visitor of /auth/* on to `next`, or to /occasions', async () => {
    const back = await renderAt('/auth/sign-in?next=%2Foccasion%2Focc1', { ...signedIn, '/occasion/occ1': { status: 200, body: OCCASION } });
    await vi.waitFor(() => expect(back.current()).toBe('/occasion/occ1'));
    const plain = await renderAt('/auth/sign-up', signedIn);
    await vi.waitFor(() => expect(plain.current()).toBe('/occasions'));
    const evil = await renderAt('/auth/sign-in?next=%2F%2Fevil.example', signedIn);
    await vi.waitFor(() => expect(evil.current()).toBe('/occasions'));
  });

  it('redirects any other path to /occasions', async () => {
    const { current, container } = await renderAt('/nowhere/at/all', signedIn);
    await vi.waitFor(() => expect(current()).toBe('/occasions'));
    await vi.waitFor(() => expect(container.textContent).toContain('No occasions yet'), { timeout: 5000 });
  });

  it('shows sign-up under /auth and sends /auth itself to sign-in', async () => {
    const up = await renderAt('/auth/sign-up', signedOut);
    await vi.waitFor(() => expect(up.container.textContent).toContain('Create your Kindly account'), { timeout: 5000 });
    const bare = await renderAt('/auth', signedOut);
    await vi.waitFor(() => expect(bare.current()).toBe('/auth/sign-in'));
  });

  it('only follows `next` to paths of this app', () => {
    expect(safeNext('/occasion/x')).toBe('/occasion/x');
    for (const next of [null, '', 'https://evil.example', '//evil.example', '/\\evil.example', '/auth/sign-in']) {
      expect(safeNext(next)).toBe('/occasions');
    }
    expect(signInPathFor('/occasions')).toBe('/auth/sign-in');
  });
});

describe('error screen', () => {
  it('shows 404 `No route matches URL` for an unknown path under an occasion', async () => {
    const { container } = await renderAt('/occasion/occ1/nope', { ...signedIn, '/occasion/occ1': { status: 200, body: OCCASION } });
    await vi.waitFor(() => expect(container.querySelector('h1')?.textContent).toBe('Unexpected Application Error!'), { timeout: 5000 });
    expect(container.textContent).toContain('404 Not Found');
    expect(container.textContent).toContain('No route matches URL "/occasion/occ1/nope"');
  });

  it('shows 404 for an unknown path deeper in an area', async () => {
    const { container } = await renderAt('/occasion/occ1/guests/nope', { ...signedIn, '/occasion/occ1': { status: 200, body: OCCASION } });
    await vi.waitFor(() => expect(container.textContent).toContain('No route matches URL "/occasion/occ1/guests/nope"'), { timeout: 5000 });
  });

  it.each([
    [404, 'Not Found', 'NOT_FOUND', 'No such occasion.'],
    [403, 'Forbidden', 'FORBIDDEN', 'You cannot see this occasion.'],
    [400, 'Bad Request', 'VALIDATION_FAILED', 'Occasion id is not a valid id.'],
  ])('shows the API’s %i for the occasion as a routing failure', async (status, text, code, message) => {
    const { container } = await renderAt('/occasion/occ1', { ...signedIn, '/occasion/occ1': { status, body: { error: { code, message } } } });
    await vi.waitFor(() => expect(container.textContent).toContain('Unexpected Application Error!'));
    expect(container.textContent).toContain(`${status} ${text}`);
    expect(container.textContent).toContain(message);
  });

  it('shows 405 with its text', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    roots.push(root);
    root.render(<ErrorScreen error={new RouteError(405)} />);
    await vi.waitFor(() => expect(container.querySelector('h1')).not.toBeNull());
    expect(container.querySelector('h1')?.textContent).toBe('Unexpected Application Error!');
    expect(container.querySelector('h2')?.textContent).toBe('405 Method Not Allowed');
  });
});
