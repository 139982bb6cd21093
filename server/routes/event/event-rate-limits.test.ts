import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hashGuestToken } from '../../data/event-sessions';
import { MemoryRateLimitStore, RateLimiter } from '../../middleware/rate-limit/rate-limiter';
import { createEventFixture, errorCode, eventRequest, signInGuest, type EventFixture } from '../../test-support/event-fixture';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { EVENT_RATE_LIMITS } from './event-rate-limits';

describe('rate limits of the event area', () => {
  let t: TestApp;
  let f: EventFixture;
  let store: MemoryRateLimitStore;
  beforeEach(async () => {
    store = new MemoryRateLimitStore();
    // Some tests send hundreds of sign-ins at once: more than an instance takes on in flight.
    t = await createTestApp({ rateLimiter: new RateLimiter(store), guestSignInsInFlight: 1000 });
    f = await createEventFixture(t);
  });
  afterEach(() => t.close());

  const wrongCode = () => ({ occasionId: f.occasionId, inviteCode: 'ZZZZ-ZZZZ-ZZZZ' });
  const rightCode = () => ({ occasionId: f.occasionId, inviteCode: f.smith.inviteCode });
  const signInFrom = (address: string, body: unknown, headers: Record<string, string> = {}) =>
    eventRequest(t.app, 'POST', '/auth/credentials', { body, address, headers });

  /** Fills a counter as if `count` requests had already been made. */
  const prefill = async (name: string, key: string, windowMs: number, count: number) => {
    for (let i = 0; i < count; i++) await store.hit(`${name}:${key}`, windowMs, Date.now());
  };

  it('refuses a sixth sign-in a minute from one client, even with a forged X-Forwarded-For, while another gets in', async () => {
    for (let i = 0; i < EVENT_RATE_LIMITS.signInPerClientMinute.limit; i++) {
      expect((await signInFrom('10.0.0.1', wrongCode())).status).toBe(401);
    }
    const limited = await signInFrom('10.0.0.1', rightCode());
    expect(limited.status).toBe(429);
    expect(await errorCode(limited)).toBe('RATE_LIMITED');
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);

    const forged = await signInFrom('10.0.0.1', rightCode(), { 'x-forwarded-for': '203.0.113.9' });
    expect(forged.status).toBe(429);
    expect((await signInFrom('10.0.0.2', rightCode())).status).toBe(200);
  });

  it('counts a client per occasion, so another occasion still lets it in', async () => {
    const other = await createEventFixture(t);
    await prefill(EVENT_RATE_LIMITS.signInPerClientHour.name, `10.0.0.1|${f.occasionId}`, 3_600_000, 20);
    expect((await signInFrom('10.0.0.1', rightCode())).status).toBe(429);
    expect((await signInFrom('10.0.0.1', { occasionId: other.occasionId, inviteCode: other.smith.inviteCode })).status).toBe(200);
  });

  it("spends none of the occasion's budget on attempts a client's own limit refused, so a guest elsewhere gets in", async () => {
    const responses = await Promise.all(Array.from({ length: 310 }, () => signInFrom('10.0.0.1', wrongCode())));
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(EVENT_RATE_LIMITS.signInPerClientMinute.limit);
    expect(statuses.filter((status) => status === 429)).toHaveLength(310 - EVENT_RATE_LIMITS.signInPerClientMinute.limit);
    const { name, windowMs } = EVENT_RATE_LIMITS.signInFailuresPerOccasion;
    expect((await store.hit(`${name}:${f.occasionId}`, windowMs, Date.now(), 0)).count).toBe(5);
    expect((await signInFrom('10.0.0.2', rightCode())).status).toBe(200);
  });

  it('lets a guest with a clean record in while failures from many addresses exhaust the occasion budget', async () => {
    const { limit } = EVENT_RATE_LIMITS.signInFailuresPerOccasion;
    const addresses = Array.from({ length: Math.ceil(limit / 5) + 4 }, (_, i) => `10.9.${Math.floor(i / 250)}.${i % 250}`);
    const responses = await Promise.all(addresses.flatMap((address) => Array.from({ length: 5 }, () => signInFrom(address, wrongCode()))));
    expect(responses.filter((response) => response.status === 401).length).toBeGreaterThanOrEqual(limit);
    expect((await signInFrom('10.0.0.2', rightCode())).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await signInFrom('10.5.5.5', wrongCode())).status).toBe(401);
    const slowed = await signInFrom('10.5.5.5', rightCode());
    expect(slowed.status).toBe(429);
    expect(Number(slowed.headers.get('retry-after'))).toBeGreaterThan(60);
  });

  it('once the occasion has seen too many failures, refuses a client after its second failure of the hour', async () => {
    const { name, limit, windowMs } = EVENT_RATE_LIMITS.signInFailuresPerOccasion;
    await prefill(name, f.occasionId, windowMs, limit);
    expect((await signInFrom('10.3.3.3', wrongCode())).status).toBe(401);
    expect((await signInFrom('10.3.3.3', wrongCode())).status).toBe(401);
    expect((await signInFrom('10.3.3.3', rightCode())).status).toBe(429);
    expect((await signInFrom('10.4.4.4', rightCode())).status).toBe(200);
    expect((await signInFrom('10.4.4.4', rightCode())).status).toBe(200);
  });

  it('limits RSVP and household writes per session, not per household', async () => {
    const first = await signInGuest(t.app, rightCode());
    const second = await signInGuest(t.app, rightCode());
    const { limit, name, windowMs } = EVENT_RATE_LIMITS.writesPerSession;
    await prefill(name, hashGuestToken(first.token), windowMs, limit);
    for (const [method, path] of [['POST', '/rsvp'], ['PUT', '/rsvp'], ['PUT', '/household']] as const) {
      const response = await eventRequest(t.app, method, path, { token: first.token, body: { city: 'Lisbon' } });
      expect(response.status, `${method} ${path}`).toBe(429);
      expect(response.headers.get('retry-after')).toBeTruthy();
    }
    expect((await eventRequest(t.app, 'GET', '/household', { token: first.token })).status).toBe(200);
    expect((await eventRequest(t.app, 'PUT', '/household', { token: second.token, body: { city: 'Lisbon' } })).status).toBe(200);
  });
});
