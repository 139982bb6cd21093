import { it } from 'vitest';
import { createTestApp } from './test-app';
import { createEventFixture } from './event-fixture';
it('probe', async () => {
  const out = [];
  for (let i = 0; i < 5; i++) {
    let s = performance.now();
    const t = await createTestApp();
    const open = performance.now() - s;
    s = performance.now();
    await createEventFixture(t);
    const fixture = performance.now() - s;
    s = performance.now();
    await t.close();
    out.push(JSON.stringify({ open: Math.round(open), fixture: Math.round(fixture), close: Math.round(performance.now() - s) }));
  }
  console.log(out.join('\n'));
}, 60000);
