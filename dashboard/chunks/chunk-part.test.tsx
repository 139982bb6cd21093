import { Component, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chunk } from './chunk';
import { ChunkPart } from './chunk-part';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

afterEach(() => {
  document.body.innerHTML = '';
});

/** What the screen's own boundary caught, if anything reached it. */
class ScreenBoundary extends Component<{ children: ReactNode }, { caught?: string }> {
  override state: { caught?: string } = {};
  static getDerivedStateFromError(error: unknown) {
    return { caught: String(error) };
  }
  override render() {
    return this.state.caught ? <p>Screen failed: {this.state.caught}</p> : this.props.children;
  }
}

type Plot = { Plot: () => ReactNode };

function renderScreen(part: ReactNode) {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  flushSync(() =>
    root.render(
      <ScreenBoundary>
        <nav>Replies</nav>
        {part}
      </ScreenBoundary>,
    ),
  );
  return { container, root };
}

const chart = (plot: ReturnType<typeof chunk<Plot>>) => (
  <ChunkPart chunk={plot} what="the chart" placeholder={<p>Drawing…</p>}>
    {({ Plot }) => <Plot />}
  </ChunkPart>
);

describe('ChunkPart', () => {
  it('draws a chunk that has come at once', async () => {
    const plot = chunk(async (): Promise<Plot> => ({ Plot: () => <p>Chart</p> }));
    await plot.load();
    const { container, root } = renderScreen(chart(plot));
    expect(container.textContent).toBe('RepliesChart');
    root.unmount();
  });

  it('shows a chunk that did not come in its place, with the rest of the screen, and draws it after "Try again"', async () => {
    let imports = 0;
    const plot = chunk(async (): Promise<Plot> => {
      imports++;
      if (imports === 1) throw new TypeError('Failed to fetch dynamically imported module: /assets/replies-plot.js');
      return { Plot: () => <p>Chart</p> };
    });
    const { container, root } = renderScreen(chart(plot));
    expect(container.textContent).toBe('RepliesDrawing…');
    const tryAgain = await vi.waitFor(() => {
      const button = container.querySelector('button');
      expect(button?.textContent).toBe('Try again');
      return button!;
    });
    expect(container.querySelector('nav')?.textContent).toBe('Replies');
    expect(container.querySelector('[role=alert]')?.textContent).toContain('Could not load the chart.');
    tryAgain.click();
    await vi.waitFor(() => expect(container.textContent).toBe('RepliesChart'));
    expect(imports).toBe(2);
    root.unmount();
  });

  it('lets any other failure of the part reach the screen’s boundary', async () => {
    const plot = chunk(async (): Promise<Plot> => ({
      Plot: () => {
        throw new Error('a bug in the chart');
      },
    }));
    await plot.load();
    const { container, root } = renderScreen(chart(plot));
    await vi.waitFor(() => expect(container.textContent).toBe('Screen failed: Error: a bug in the chart'));
    root.unmount();
  });
});
