import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { eventRoutes } from './event-routes';

describe('eventRoutes', () => {
  it('answers no-store by itself where no area headers carry it (the app puts it with the guest area)', async () => {
    const app = new Hono();
    app.route('/event/v1', eventRoutes());
    const response = await app.request('/event/v1/nothing-here');
    expect(response.status).toBe(404);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });
});
