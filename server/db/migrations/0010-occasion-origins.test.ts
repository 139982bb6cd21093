import { afterEach, describe, expect, it } from 'vitest';
import { readAllowedOrigins } from '../../data/occasions';
import { createTestApp, type TestApp, changingSchema } from '../../test-support/test-app';
import { occasionOrigins } from './0010-occasion-origins';

/** Each occasion's `allowedOrigins` column as data written before the rows existed. */
const COLUMNS: Record<string, string> = {
  several: JSON.stringify(['https://sam-and-alex.com', 'http://localhost:5174', 'https://www.sam-and-alex.com:8443']),
  none: '[]',
  lookAlikes: JSON.stringify(['https://a.example', 'http://a.example', 'https://a.example:8443', 'https://a.example.evil.com', 'https://xn--a-1ga.example']),
  repeated: JSON.stringify(['https://b.example', 'https://c.example', 'https://b.example']),
};

describe('migration 0010: allowed origins as rows', () => {
  let t: TestApp | undefined;
  afterEach(() => t?.close());

  it("moves every occasion's origins, in order, and keeps exactly them", async () => {
    t = await createTestApp();
    const { db } = t.deps;
    await changingSchema(() => occasionOrigins.down(db));
    const now = new Date().toISOString();
    await db.insertInto('account').values({ id: 'a1', email: 'a@b.co', emailKey: 'a@b.co', passwordHash: 'x', firstName: 'A', lastName: 'B', createdAt: now }).execute();
    const occasion = { accountId: 'a1', title: 'T', description: '', startDate: '2027-01-01', endDate: '2027-01-01', timezone: 'UTC', venueName: '', venueAddress: '', rsvpDeadline: null, passcode: null, contactEmail: '', createdAt: now, updatedAt: now };
    await db
      .insertInto('occasion')
      .values(Object.entries(COLUMNS).map(([id, allowedOrigins]) => ({ ...occasion, id, allowedOrigins })))
      .execute();
    await changingSchema(() => occasionOrigins.up(db));
    const moved = await readAllowedOrigins(db, Object.keys(COLUMNS));
    expect(Object.fromEntries(Object.keys(COLUMNS).map((id) => [id, moved.get(id) ?? []]))).toEqual({
      several: ['https://sam-and-alex.com', 'http://localhost:5174', 'https://www.sam-and-alex.com:8443'],
      none: [],
      lookAlikes: ['https://a.example', 'http://a.example', 'https://a.example:8443', 'https://a.example.evil.com', 'https://xn--a-1ga.example'],
      repeated: ['https://b.example', 'https://c.example'],
    });
    expect(Number((await db.selectFrom('occasionOrigin').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)).toBe(10);
  });
});
