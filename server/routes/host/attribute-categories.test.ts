import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AttributeCategory } from '../../../core/schemas/attribute-category';
import type { Guest } from '../../../core/schemas/guest';
import type { Occasion } from '../../../core/schemas/occasion';
import { signUpHost, type HostClient } from '../../in-process/host-session';
import { snapshotDatabase } from '../../test-support/snapshot';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import {
  createCategory,
  createGuest,
  createOccasion,
  expectBadBodiesRefused,
  expectError,
  expectHiddenFrom,
  issuePaths,
  read,
  remove,
  update,
} from './host-fixtures';

describe('attribute category routes', () => {
  let t: TestApp;
  let host: HostClient;
  let occasion: Occasion;
  let base: string;
  beforeEach(async () => {
    t = await createTestApp();
    host = await signUpHost(t.app);
    occasion = await createOccasion(host);
    base = `/occasion/${occasion.id}`;
  });
  afterEach(() => t.close());

  const guestAttributes = async (guestId: string) => (await read<Guest>(host, `${base}/guest/${guestId}`)).attributes;

  it('creates with defaults, reads, updates a subset and deletes', async () => {
    const list = await createCategory(host, occasion.id, { name: 'A/B list', options: [] });
    expect(list).toEqual({ id: list.id, occasionId: occasion.id, name: 'A/B list', multiple: false, options: [], sortOrder: 0 });
    expect(await read(host, `${base}/attribute-category/${list.id}`)).toEqual(list);
    const options = [{ value: 'a', text: 'A list' }, { value: 'b', text: 'B list', disabled: true }];
    const updated = await update<AttributeCategory>(host, `${base}/attribute-category/${list.id}`, { options, multiple: true });
    expect(updated).toEqual({ ...list, options, multiple: true });
    expect(await read(host, `${base}/attribute-category/${list.id}`)).toEqual(updated);
    await remove(host, `${base}/attribute-category/${list.id}`);
    await expectError(host, 'GET', `${base}/attribute-category/${list.id}`, undefined, 404, 'NOT_FOUND');
  });

  it('lists by sort order, then name', async () => {
    const side = await createCategory(host, occasion.id, { name: 'Side', sortOrder: 1 });
    const meal = await createCategory(host, occasion.id, { name: 'Meal', sortOrder: 2 });
    const age = await createCategory(host, occasion.id, { name: 'Age', sortOrder: 1 });
    const first = await createCategory(host, occasion.id, { name: 'Zone', sortOrder: 0 });
    const list = await read<AttributeCategory[]>(host, `${base}/attribute-categories`);
    expect(list.map((category) => category.id)).toEqual([first.id, age.id, side.id, meal.id]);
  });

  it('takes a removed option off every guest, in the same write', async () => {
    const side = await createCategory(host, occasion.id);
    const tags = await createCategory(host, occasion.id, {
      name: 'Tags',
      multiple: true,
      options: [{ value: 'family', text: 'Family' }, { value: 'work', text: 'Work' }, { value: 'band', text: 'Band' }],
    });
    const ada = await createGuest(host, occasion.id, { attributes: { [side.id]: ['bride'], [tags.id]: ['family', 'work'] } });
    const bo = await createGuest(host, occasion.id, { firstName: 'Bo', attributes: { [side.id]: ['groom'], [tags.id]: ['work'] } });

    await update(host, `${base}/attribute-category/${tags.id}`, { options: [{ value: 'family', text: 'Family' }, { value: 'band', text: 'Band' }] });
    expect(await guestAttributes(ada.id)).toEqual({ [side.id]: ['bride'], [tags.id]: ['family'] });
    expect(await guestAttributes(bo.id)).toEqual({ [side.id]: ['groom'] });

    await update(host, `${base}/attribute-category/${side.id}`, { name: 'Which side' });
    expect(await guestAttributes(ada.id)).toEqual({ [side.id]: ['bride'], [tags.id]: ['family'] });
  });

  it('takes a deleted category off every guest', async () => {
    const side = await createCategory(host, occasion.id);
    const tags = await createCategory(host, occasion.id, { name: 'Tags', options: [{ value: 'family', text: 'Family' }] });
    const ada = await createGuest(host, occasion.id, { attributes: { [side.id]: ['bride'], [tags.id]: ['family'] } });
    const bo = await createGuest(host, occasion.id, { firstName: 'Bo', attributes: { [side.id]: ['groom'] } });
    await remove(host, `${base}/attribute-category/${side.id}`);
    expect(await guestAttributes(ada.id)).toEqual({ [tags.id]: ['family'] });
    expect(await guestAttributes(bo.id)).toEqual({});
  });

  it('becomes single-valued only when no guest holds several of its values', async () => {
    const tags = await createCategory(host, occasion.id, { name: 'Tags', multiple: true });
    const ada = await createGuest(host, occasion.id, { attributes: { [tags.id]: ['bride', 'groom'] } });
    const before = await snapshotDatabase(t.deps.db);
    expect(await issuePaths(host, 'PUT', `${base}/attribute-category/${tags.id}`, { multiple: false })).toEqual(['multiple']);
    expect(await snapshotDatabase(t.deps.db)).toEqual(before);
    await update(host, `${base}/guest/${ada.id}`, { attributes: { [tags.id]: ['groom'] } });
    expect((await update<AttributeCategory>(host, `${base}/attribute-category/${tags.id}`, { multiple: false })).multiple).toBe(false);
  });

  it('refuses repeated option values, bad bodies and read-only fields without changing anything', async () => {
    const side = await createCategory(host, occasion.id);
    const repeated = [{ value: 'x', text: 'X' }, { value: 'x', text: 'Y' }];
    expect(await issuePaths(host, 'POST', `${base}/attribute-category`, { name: 'Dup', options: repeated })).toContain('options.1.value');
    await expectBadBodiesRefused(t, host, 'POST', `${base}/attribute-category`, { name: 'Meal' }, ['id', 'occasionId']);
    await expectBadBodiesRefused(t, host, 'PUT', `${base}/attribute-category/${side.id}`, { name: 'Meal' }, ['id', 'occasionId']);
  });

  it("answers 404 for another account's categories and for a category of another occasion", async () => {
    const side = await createCategory(host, occasion.id);
    const path = `${base}/attribute-category/${side.id}`;
    await expectHiddenFrom(t, await signUpHost(t.app), [
      ['GET', `${base}/attribute-categories`],
      ['POST', `${base}/attribute-category`, { name: 'Mine' }],
      ['GET', path],
      ['PUT', path, { name: 'Mine' }],
      ['DELETE', path],
    ]);
    const reunion = await createOccasion(host, { title: 'Reunion' });
    const elsewhere = `/occasion/${reunion.id}/attribute-category/${side.id}`;
    await expectHiddenFrom(t, host, [['GET', elsewhere], ['PUT', elsewhere, { name: 'Moved' }], ['DELETE', elsewhere]]);
  });
});
