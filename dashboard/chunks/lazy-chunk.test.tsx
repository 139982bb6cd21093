import { Suspense, useLayoutEffect, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chunk } from './chunk';
import { lazyChunk } from './lazy-chunk';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

afterEach(() => {
  document.body.innerHTML = '';
});

/** What each commit showed: the fallback, the screen, or both. */
function renderRecording(Screen: () => ReactNode) {
  const commits: string[] = [];
  function Fallback() {
    useLayoutEffect(() => void commits.push('fallback'));
    return <p>Loading…</p>;
  }
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  flushSync(() =>
    root.render(
      <Suspense fallback={<Fallback />}>
        <Screen />
      </Suspense>,
    ),
  );
  return { commits, container, root };
}

describe('lazyChunk', () => {
  it('renders a chunk that has come in the first commit, with no fallback', async () => {
    const screen = chunk(async () => ({ Screen: () => <p>Guests</p> }));
    await screen.load();
    const Lazy = lazyChunk(screen, (module) => module.Screen);
    const { commits, container, root } = renderRecording(() => <Lazy />);
    expect(container.textContent).toBe('Guests');
    expect(commits).toEqual([]);
    root.unmount();
  });

  it('suspends for a chunk still on its way, and loads it once', async () => {
    let imports = 0;
    const screen = chunk(async () => {
      imports++;
      return { Screen: () => <p>Guests</p> };
    });
    const Lazy = lazyChunk(screen, (module) => module.Screen);
    const { commits, container, root } = renderRecording(() => <Lazy />);
    expect(container.textContent).toBe('Loading…');
    expect(commits).toEqual(['fallback']);
    await vi.waitFor(() => expect(container.textContent).toBe('Guests'));
    expect(screen.loaded).toBeDefined();
    expect(imports).toBe(1);
    root.unmount();
  });
});
