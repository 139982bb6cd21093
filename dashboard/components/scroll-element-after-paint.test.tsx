import { useVirtualizer } from '@tanstack/react-virtual';
import { act, useRef } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { useScrollElementAfterPaint } from './scroll-element-after-paint';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

interface Seen {
  element?: HTMLElement | null;
}

function List({ seen }: { seen: Seen[] }) {
  const ref = useRef<HTMLDivElement>(null);
  const after = useScrollElementAfterPaint(ref);
  const virtualizer = useVirtualizer({ count: 1000, estimateSize: () => 40, initialRect: { width: 600, height: 400 }, ...after });
  seen.push({ element: after.getScrollElement() });
  return (
    <div ref={ref} data-testid="scroller" style={{ height: 400, overflow: 'auto' }}>
      {virtualizer.getVirtualItems().map((item) => (
        <div key={item.key} data-row={item.index} />
      ))}
    </div>
  );
}

const nextFrameThenTimer = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 5)));

describe('useScrollElementAfterPaint', () => {
  it('renders the first rows from the initial size, and hands the element over after the paint', async () => {
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    const seen: Seen[] = [];
    await act(async () => root.render(<List seen={seen} />));
    // The first commit: rows from `initialRect` (400 px of 40 px rows), no element yet.
    expect(seen[0]!.element).toBeNull();
    expect(host.querySelectorAll('[data-row]').length).toBeGreaterThanOrEqual(10);
    const scroller = host.querySelector<HTMLElement>('[data-testid=scroller]')!;
    scroller.scrollTop = 120;
    await act(nextFrameThenTimer);
    const last = seen[seen.length - 1]!;
    expect(last.element).toBe(scroller);
    // A scroll made before the element was handed over is kept.
    expect(scroller.scrollTop).toBe(120);
    act(() => root.unmount());
    host.remove();
  });
});
