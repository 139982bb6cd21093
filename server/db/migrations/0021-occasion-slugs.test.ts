import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, changingSchema } from '../../test-support/test-app';
import { occasionSlugs } from './0021-occasion-slugs';

describe('migration 0021: occasion slugs', () => {
  let t: TestApp | undefined;
  afterEach(() => t?.close());

  it('adds a unique, nullable slug and the retired slugs, which go with their occasion, and takes them away again', async () => {
    t = await createTestApp();
    const { db } = t.deps;
    await changingSchema(() => occasionSlugs.down(db));
    await expect(db.selectFrom('retiredSlug').selectAll().execute()).rejects.toThrow();
    await expect(db.selectFrom('occasion').select('slug').execute()).rejects.toThrow();
    await changingSchema(() => occasionSlugs.up(db));
    const at = new Date().toISOString();
    await db.insertInto('account').values({ id: 'a1', email: 'a1@b.co', emailKey: 'a1@b.co', passwordHash: 'x', firstName: 'A', lastName: 'B', createdAt: at }).execute();
    const occasion = { accountId: 'a1', title: 'T', description: '', startDate: '2027-01-01', endDate: '2027-01-01', timezone: 'UTC', venueName: '', venueAddress: '', rsvpDeadline: null, passcode: null, allowedOrigins: '[]', contactEmail: '', createdAt: at, updatedAt: at };
    await db.insertInto('occasion').values([{ ...occasion, id: 'o1', slug: 'sam-alex' }, { ...occasion, id: 'o2' }, { ...occasion, id: 'o3' }]).execute();
    await expect(db.updateTable('occasion').set({ slug: 'sam-alex' }).where('id', '=', 'o2').execute()).rejects.toThrow();
    expect((await db.selectFrom('occasion').select(['id', 'slug']).orderBy('id').execute()).map((row) => row.slug)).toEqual(['sam-alex', null, null]);
    await db.insertInto('retiredSlug').values([{ slug: 'old-one', occasionId: 'o1', replacedAt: at }, { slug: 'old-two', occasionId: 'o2', replacedAt: at }]).execute();
    await expect(db.insertInto('retiredSlug').values({ slug: 'old-one', occasionId: 'o2', replacedAt: at }).execute()).rejects.toThrow();
    await db.deleteFrom('occasion').where('id', '=', 'o1').execute();
    expect((await db.selectFrom('retiredSlug').select('slug').execute()).map((row) => row.slug)).toEqual(['old-two']);
    await changingSchema(() => occasionSlugs.down(db));
    await expect(db.selectFrom('retiredSlug').selectAll().execute()).rejects.toThrow();
    await changingSchema(() => occasionSlugs.up(db));
  });
});
