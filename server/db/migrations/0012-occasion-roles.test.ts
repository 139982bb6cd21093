import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, changingSchema } from '../../test-support/test-app';
import { occasionRoles } from './0012-occasion-roles';

describe('migration 0012: roles on occasions', () => {
  let t: TestApp | undefined;
  afterEach(() => t?.close());

  it('makes each occasion’s creator its owner, and nobody else anything', async () => {
    t = await createTestApp();
    const { db } = t.deps;
    await changingSchema(() => occasionRoles.down(db));
    const now = new Date().toISOString();
    const account = { passwordHash: 'x', firstName: 'A', lastName: 'B', createdAt: now };
    await db
      .insertInto('account')
      .values([
        { ...account, id: 'a1', email: 'a1@b.co', emailKey: 'a1@b.co' },
        { ...account, id: 'a2', email: 'a2@b.co', emailKey: 'a2@b.co' },
        { ...account, id: 'a3', email: 'a3@b.co', emailKey: 'a3@b.co' },
      ])
      .execute();
    const occasion = { title: 'T', description: '', startDate: '2027-01-01', endDate: '2027-01-01', timezone: 'UTC', venueName: '', venueAddress: '', rsvpDeadline: null, passcode: null, contactEmail: '', allowedOrigins: '[]', updatedAt: now };
    await db
      .insertInto('occasion')
      .values([
        { ...occasion, id: 'o1', accountId: 'a1', createdAt: '2026-01-01T00:00:00.000Z' },
        { ...occasion, id: 'o2', accountId: 'a1', createdAt: '2026-02-01T00:00:00.000Z' },
        { ...occasion, id: 'o3', accountId: 'a2', createdAt: '2026-03-01T00:00:00.000Z' },
      ])
      .execute();
    await changingSchema(() => occasionRoles.up(db));
    const roles = await db.selectFrom('occasionRole').selectAll().orderBy('occasionId').execute();
    expect(roles).toEqual([
      { occasionId: 'o1', accountId: 'a1', role: 'owner', createdAt: '2026-01-01T00:00:00.000Z' },
      { occasionId: 'o2', accountId: 'a1', role: 'owner', createdAt: '2026-02-01T00:00:00.000Z' },
      { occasionId: 'o3', accountId: 'a2', role: 'owner', createdAt: '2026-03-01T00:00:00.000Z' },
    ]);
    expect(await db.selectFrom('occasionInvitation').selectAll().execute()).toEqual([]);
    // Cascades: deleting an account or an occasion takes its roles.
    await db.deleteFrom('occasion').where('id', '=', 'o2').execute();
    await db.deleteFrom('account').where('id', '=', 'a2').execute();
    expect((await db.selectFrom('occasionRole').select('occasionId').execute()).map((row) => row.occasionId)).toEqual(['o1']);
  });
});
