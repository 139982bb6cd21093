import { describe, expect, it } from 'vitest';
import { createExamplesApp } from './serve-examples';

const examples = createExamplesApp({
  examplesDir: 'examples',
  distDir: 'dist',
  apiOrigin: 'http://localhost:8787',
  occasionId: 'demoOccasion1',
});

describe('the examples site', () => {
  it('serves a page with the API origin and occasion filled in', async () => {
    const response = await examples.request('/blank/');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<script src="http://localhost:8787/widget.js" async>');
    expect(html).toContain('occasion="demoOccasion1"');
  });

  it('answers 400 to a path whose escapes do not decode', async () => {
    for (const path of ['/%ZZ', '/%', '/wedding/%E0%A4%A', '/%ZZ/']) {
      const response = await examples.request(path);
      expect(response.status, path).toBe(400);
      expect(await response.text(), path).not.toMatch(/URIError|at \//);
    }
  });

  it('answers 404 outside its directory and for missing files', async () => {
    for (const path of ['/..%2f..%2fpackage.json', '/%2e%2e/package.json', '/no-such.html']) {
      expect((await examples.request(path)).status, path).toBe(404);
    }
  });
});
