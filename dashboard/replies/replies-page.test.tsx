import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { Reply } from '../../core/schemas/reply';
import { App } from '../app';
import { createKindly } from '../data/kindly';
import { HOST_SESSION, occasionAnswer } from '../test-fixtures';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

// In another time zone than UTC: the replies' times are shown in the occasion's.
const OCCASION = { ...occasionAnswer(), timezone: 'Europe/London' };

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function reply(householdName: string, message: string, updatedAt: string, answeredBy: Reply['answeredBy']): Reply {
  return { householdId: householdName.toLowerCase().replace(/\W/g, ''), householdName, message, submittedAt: updatedAt, updatedAt, answeredBy };
}

let roots: Root[] = [];
afterEach(() => {
  for (const root of roots) root.unmount();
  roots = [];
  document.body.innerHTML = '';
});

/** The app at the occasion's Replies, on an API whose replies the test changes as a guest would. */
function renderReplies(replies: { current: Reply[] }) {
  const calls: string[] = [];
  const fetchImpl = (async (input: RequestInfo | URL) => {
    const path = String(input).replace('http://api.test/host/v1', '');
    calls.push(path);
    const body =
      path === '/auth/session'
        ? HOST_SESSION
        : path === '/occasion/occ1'
          ? OCCASION
          : path === '/occasion/occ1/replies'
            ? replies.current
            : undefined;
    return new Response(JSON.stringify(body ?? { error: { code: 'NOT_FOUND', message: 'Not found.' } }), {
      status: body === undefined ? 404 : 200,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
  const location = memoryLocation({ path: '/occasion/occ1/replies' });
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  roots.push(root);
  root.render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <App kindly={createKindly('http://api.test', fetchImpl)} />
    </Router>,
  );
  return { container, calls };
}

describe('the Replies screen', () => {
  it('lists replies as the server orders them: household, who answered, when in words (exact on hover), the message', async () => {
    const replies = {
      current: [
        reply('The Smiths', 'We will bring the cake!', minutesAgo(5), { guestId: 'g1', firstName: 'Jane', lastName: 'Smith' }),
        reply('The Okafors', '', minutesAgo(60 * 26), null),
      ],
    };
    const { container } = renderReplies(replies);
    await vi.waitFor(() => expect(container.querySelectorAll('table.replies tbody tr')).toHaveLength(2), { timeout: 5000 });
    const rows = [...container.querySelectorAll('table.replies tbody tr')].map((row) => [...row.children].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['The Smiths', 'Jane Smith', '5 minutes ago', 'We will bring the cake!'],
      ['The Okafors', 'Not recorded', 'yesterday', 'No message'],
    ]);
    const time = container.querySelector('time')!;
    expect(time.getAttribute('datetime')).toBe(replies.current[0]!.updatedAt);
    expect(time.getAttribute('title')).toMatch(/^\w{3}, \w{3} \d+, \d{4}, \d+:\d\d [AP]M (GMT|BST)/);
    expect(container.textContent).toContain('2 replies, 1 with a message');
  });

  it('asks again when the window regains focus, since guests write replies the cache never hears of', async () => {
    const replies = { current: [] as Reply[] };
    const { container, calls } = renderReplies(replies);
    await vi.waitFor(() => expect(container.textContent).toContain('No replies yet'), { timeout: 5000 });
    const asked = calls.filter((path) => path === '/occasion/occ1/replies').length;
    expect(asked).toBe(1);
    replies.current = [reply('The Smiths', 'See you there', minutesAgo(0), { guestId: 'g1', firstName: 'Jane', lastName: 'Smith' })];
    window.dispatchEvent(new Event('focus'));
    await vi.waitFor(() => expect(container.textContent).toContain('See you there'));
    expect(calls.filter((path) => path === '/occasion/occ1/replies')).toHaveLength(asked + 1);
  });
});
