// @vitest-environment node
// The app's host sign-in needs Node's own fetch classes, which happy-dom's environment replaces:
// here only the document is happy-dom's.
import { Window } from 'happy-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createGuestClient } from '../../core/client/guest-client';
import { appFetch, BASE_URL } from '../../core/client/app-fetch.test-helper';
import type { HouseholdData } from '../../core/schemas/guest-data';
import { createEventFixture, type EventFixture } from '../../server/test-support/event-fixture';
import { createTestApp, type TestApp } from '../../server/test-support/test-app';
import type { Connection } from '../data/connection';

vi.mock('react', async () => await import('preact/compat'));
vi.mock('react/jsx-runtime', async () => await import('preact/jsx-runtime'));
vi.mock('react/jsx-dev-runtime', async () => await import('preact/jsx-runtime'));

const { render } = await import('preact');
const { act } = await import('preact/test-utils');
const { GuestData } = await import('./guest-data');

const page = new Window();
beforeAll(() => {
  Object.assign(globalThis, { document: page.document });
});
afterAll(async () => {
  Reflect.deleteProperty(globalThis, 'document');
  await page.happyDOM.close();
});

let t: TestApp;
let f: EventFixture;
let root: HTMLElement;

/** What the component reads of the widget's connection: a real guest client on the real app, signed in as the Smiths. */
async function smithsConnection(): Promise<Connection> {
  const client = createGuestClient({ baseUrl: BASE_URL, fetch: appFetch(t).fetch });
  const signedIn = await client.signIn({ occasionId: f.occasionId, inviteCode: f.smith.inviteCode });
  expect(signedIn.data).toBeDefined();
  return { occasionId: f.occasionId, client, lastRetryAfter: () => undefined } as Partial<Connection> as Connection;
}

const button = (name: string) => [...root.querySelectorAll('button')].find((b) => b.textContent === name)!;
/** The native disclosure under this summary. */
const disclosure = (name: string) => [...root.querySelectorAll('summary')].find((s) => s.textContent === name)!.parentElement as HTMLDetailsElement;

beforeEach(async () => {
  t = await createTestApp();
  f = await createEventFixture(t);
  root = document.createElement('div');
  document.body.append(root);
});
afterEach(async () => {
  render(null, root);
  root.remove();
  vi.restoreAllMocks();
  await t.close();
});

describe("the guest's data links", () => {
  it('opens the privacy note, asked of the server when first opened', async () => {
    await f.host.request('PUT', `/occasion/${f.occasionId}/privacy-note`, { privacyNote: 'We keep your reply until June.' });
    render(<GuestData connection={await smithsConnection()} />, root);
    expect(root.textContent).not.toContain('We keep your reply');
    disclosure('Privacy').querySelector('summary')!.click();
    await vi.waitFor(() => expect(root.textContent).toContain('We keep your reply until June.'));
    expect(disclosure('Privacy').open).toBe(true);
  });

  it('saves the household’s own data as a JSON file', async () => {
    const saved: Blob[] = [];
    const createObjectURL = URL.createObjectURL.bind(URL);
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => (saved.push(blob as Blob), createObjectURL(blob as Blob)));
    render(<GuestData connection={await smithsConnection()} />, root);
    button('Download my data').click();
    await vi.waitFor(() => expect(saved).toHaveLength(1));
    const data = JSON.parse(await saved[0]!.text()) as HouseholdData;
    expect(data.household.name).toBe('The Smiths');
    expect(data.guests.map((g) => g.firstName)).toEqual(['Jane', 'José', 'Timmy']);
  });

  it('sends an erasure request with its message, and says so', async () => {
    render(<GuestData connection={await smithsConnection()} />, root);
    disclosure('Ask to erase my data').querySelector('summary')!.click();
    await vi.waitFor(() => expect(root.querySelector('textarea')).not.toBeNull());
    const textarea = root.querySelector('textarea')!;
    textarea.value = 'Please erase us.';
    act(() => void textarea.dispatchEvent(new page.Event('input', { bubbles: true }) as unknown as Event));
    button('Send request').click();
    await vi.waitFor(() => expect(root.textContent).toContain('Your request was sent to the hosts.'));
    const rows = await t.deps.db.selectFrom('erasureRequest').select(['householdId', 'message', 'status']).execute();
    expect(rows).toEqual([{ householdId: f.smith.id, message: 'Please erase us.', status: 'open' }]);
  });
});
