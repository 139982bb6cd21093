import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GuestFilterBar } from './guest-filter-bar';
import { EMPTY_FILTERS } from './guest-filters';
import type { OccasionData } from './occasion-data';

// The bar mounts over several tasks; the test polls with vi.waitFor instead of act().
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

const DATA: OccasionData = { guests: [], households: [], activities: [], categories: [] };
const roots: Root[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) root.unmount();
  document.body.innerHTML = '';
});

const placeholders = (container: HTMLElement) => container.querySelectorAll('[data-waiting]').length;

describe('GuestFilterBar', () => {
  it('mounts its fields one per task, each keeping its place until then, hidden from assistive technology', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    roots.push(root);
    const seen: number[] = [];
    const hidden = new Set<string | null>();
    const watcher = new MutationObserver(() => {
      const waiting = placeholders(container);
      if (seen.at(-1) !== waiting) seen.push(waiting);
      for (const element of container.querySelectorAll('[data-waiting]')) hidden.add(element.getAttribute('aria-hidden'));
    });
    watcher.observe(container, { childList: true, subtree: true });
    root.render(<GuestFilterBar data={DATA} filters={EMPTY_FILTERS} onChange={() => {}} />);
    await vi.waitFor(() => expect(container.querySelector('input[type=search]')).not.toBeNull());
    await vi.waitFor(() => expect(placeholders(container)).toBe(0));
    watcher.disconnect();
    // Four fields waited at first, then one fewer at each step: never two mounted in one render.
    expect(seen).toEqual([4, 3, 2, 1, 0]);
    expect([...hidden]).toEqual(['true']);
    const labels = new Set([...container.querySelectorAll('label, .react-aria-Label')].map((label) => label.textContent));
    for (const label of ['Search by name', 'Household', 'Attribute', 'Activity', 'Response']) expect(labels).toContain(label);
  });

});
