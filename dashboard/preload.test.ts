import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screenDataPaths } from '../core/client/screen-data';
import { screenCode, screenSteps } from './preload';

const GUESTS = '/occasion/0b7c6a8e-8a1f-4d7e-9d55-1c1f2e3d4a5b/guests';

describe('screenCode', () => {
  it('names the chunks each screen renders', () => {
    expect(screenCode('/auth/sign-in')).toEqual(['auth']);
    expect(screenCode('/occasions')).toEqual(['occasions']);
    expect(screenCode('/occasion/abc')).toEqual(['occasion', 'overview']);
    expect(screenCode('/occasion/abc/')).toEqual(['occasion', 'overview']);
    expect(screenCode('/occasion/abc/guests')).toEqual(['occasion', 'guests']);
    expect(screenCode('/occasion/abc/households/new')).toEqual(['occasion', 'households']);
    expect(screenCode('/occasion/abc/schedule')).toEqual(['occasion']);
  });
});

describe('screenSteps', () => {
  // happy-dom fetches `rel=preload` links as a browser does: answered here, with no server.
  const settings = (window as unknown as { happyDOM: { settings: { fetch: { interceptor: unknown } } } }).happyDOM.settings;
  beforeAll(() => {
    settings.fetch.interceptor = { beforeAsyncRequest: async () => new Response('null', { headers: { 'content-type': 'application/json' } }) };
  });
  afterAll(() => {
    settings.fetch.interceptor = null;
  });
  afterEach(() => document.head.replaceChildren());

  it('is one step per request and per chunk, the data first, so that each runs in a task of its own', () => {
    const steps = screenSteps(GUESTS);
    const data = screenDataPaths(GUESTS);
    expect(steps).toHaveLength(data.length + screenCode(GUESTS).length);
    data.forEach((href, i) => {
      steps[i]!();
      const links = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel=preload]')];
      expect(links).toHaveLength(i + 1);
      expect(links[i]!.getAttribute('href')).toBe(href);
      expect(links[i]!.as).toBe('fetch');
      expect(links[i]!.crossOrigin).toBe('use-credentials');
    });
  });

  it('does not ask again for what the page already names', () => {
    const [session] = screenDataPaths(GUESTS);
    document.head.innerHTML = `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${session}">`;
    screenSteps(GUESTS)[0]!();
    expect(document.head.querySelectorAll('link[rel=preload]')).toHaveLength(1);
  });
});
