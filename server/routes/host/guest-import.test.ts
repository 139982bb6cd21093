import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Answer } from '../../../core/schemas/answer';
import type { Guest } from '../../../core/schemas/guest';
import type { GuestImportInput, GuestImportResult, GuestImportUndoResult } from '../../../core/schemas/guest-import';
import type { Household } from '../../../core/schemas/household';
import type { InviteLine } from '../../../core/schemas/invite-line';
import type { Occasion } from '../../../core/schemas/occasion';
import type { Activity } from '../../../core/schemas/activity';
import type { Question } from '../../../core/schemas/question';
import { signUpHost, type HostClient } from '../../in-process/host-session';
import { snapshotDatabase } from '../../test-support/snapshot';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { create, createActivity, createGuest, createHousehold, createOccasion, expectError, expectJson, invite, read, update } from './host-fixtures';
import { addPerson } from './people-fixtures';
import { verifyAccount } from '../../test-support/verify-account';

describe('the import route', () => {
  let t: TestApp;
  let host: HostClient;
  let occasion: Occasion;
  let dinner: Activity;
  let diet: Question;
  let song: Question;
  let importPath: string;
  beforeEach(async () => {
    t = await createTestApp();
    host = await signUpHost(t.app);
    occasion = await createOccasion(host);
    dinner = await createActivity(host, occasion.id, { name: 'Dinner', mealOptions: [{ value: 'fish', text: 'Fish' }, { value: 'veg', text: 'Vegetarian' }] });
    diet = await create<Question>(host, `/occasion/${occasion.id}/question`, { kind: 'SHORT_TEXT', prompt: 'Allergies?', scope: 'GUEST' });
    song = await create<Question>(host, `/occasion/${occasion.id}/question`, { kind: 'SHORT_TEXT', prompt: 'A song?', scope: 'HOUSEHOLD' });
    importPath = `/occasion/${occasion.id}/import`;
  });
  afterEach(() => t.close());

  const send = (body: GuestImportInput) => expectJson<GuestImportResult>(host, 'POST', importPath, body, 200);
  const undo = (importId: string) => expectJson<GuestImportUndoResult>(host, 'POST', `${importPath}/${importId}/undo`, {}, 200);
  const guests = () => read<Guest[]>(host, `/occasion/${occasion.id}/guests`);
  /** The data an import writes: history and the import's own record are left out. */
  const dataSnapshot = async () => {
    const { historyEntry: _h, historyGuestHousehold: _g, guestImport: _i, ...data } = await snapshotDatabase(t.deps.db);
    return data;
  };

  /** Two new guests in a new household (partner as plus-one), and an existing guest changed. */
  const smithsBody = (ada: Guest, key = 'import-key-0001'): GuestImportInput => ({
    key,
    guests: [
      { firstName: 'Bea', lastName: 'Smith', householdName: 'The Smiths' },
      { firstName: 'Cal', lastName: 'Smith', householdName: 'The Smiths', plusOneOfRow: 0 },
      { id: ada.id, email: 'ada@example.com' },
    ],
    households: [{ name: 'The Smiths', city: 'Lisbon', country: 'Portugal' }],
    invitations: [
      { guestRow: 0, activityId: dinner.id, invited: true, response: 'ATTENDING', mealChoice: 'fish' },
      { guestRow: 1, activityId: dinner.id, invited: true },
      { guestRow: 2, activityId: dinner.id, invited: false },
    ],
    answers: [
      { questionId: diet.id, guestRow: 0, value: 'Peanuts' },
      { questionId: song.id, guestRow: 0, value: 'Dancing Queen' },
      { questionId: song.id, guestRow: 1, value: 'Later rows of the household repeat it' },
      { questionId: diet.id, guestRow: 2, value: null },
    ],
  });

  async function adaInvitedWithAnswer(): Promise<Guest> {
    const ada = await createGuest(host, occasion.id, { firstName: 'Ada', lastName: 'Lovelace' });
    await invite(host, occasion.id, ada.id, dinner.id, { response: 'DECLINED' });
    await update(host, `/occasion/${occasion.id}/answers`, { answers: [{ questionId: diet.id, guestId: ada.id, value: 'Gluten' }] });
    return ada;
  }

  it('writes guests, households, invitations and answers in one request, and says what changed', async () => {
    const ada = await adaInvitedWithAnswer();
    const { seq } = await t.deps.db.selectFrom('historyEntry').select((eb) => eb.fn.max('seq').as('seq')).executeTakeFirstOrThrow();
    const result = await send(smithsBody(ada));
    expect(result).toMatchObject({
      guests: { created: 2, updated: 1, removed: 0 },
      households: { created: 1, updated: 0, removed: 0 },
      invitations: { created: 2, updated: 0, removed: 1 },
      answers: { created: 2, updated: 0, removed: 1 },
    });
    expect(result.guestIds).toHaveLength(3);
    expect(result.guestIds[2]).toBe(ada.id);
    const listed = new Map((await guests()).map((guest) => [guest.id, guest]));
    const [bea, cal] = [listed.get(result.guestIds[0]!)!, listed.get(result.guestIds[1]!)!];
    expect(cal.plusOneOf).toBe(bea.id);
    expect(listed.get(ada.id)).toMatchObject({ email: 'ada@example.com', invitations: [] });
    const [smiths] = await read<Household[]>(host, `/occasion/${occasion.id}/households`);
    expect(smiths).toMatchObject({ id: result.householdIds[0], name: 'The Smiths', city: 'Lisbon', country: 'Portugal' });
    const lines = await read<InviteLine[]>(host, `/occasion/${occasion.id}/invite-lines`);
    expect(lines.map((line) => [line.guestId, line.response, line.mealChoice]).sort()).toEqual(
      [[bea.id, 'ATTENDING', 'fish'], [cal.id, 'PENDING', null]].sort(),
    );
    const answers = await read<Answer[]>(host, `/occasion/${occasion.id}/answers`);
    expect(answers.map((answer) => [answer.questionId, answer.guestId, answer.value]).sort()).toEqual(
      [[diet.id, bea.id, 'Peanuts'], [song.id, null, 'Dancing Queen']].sort(),
    );
    const entries = await t.deps.db.selectFrom('historyEntry').select(['actorKind', 'at']).where('seq', '>', seq!).execute();
    expect(new Set(entries.map((entry) => `${entry.actorKind} ${entry.at}`)).size, 'one import, one actor, one moment').toBe(1);
    expect(entries[0]!.actorKind).toBe('IMPORT');
    expect(entries.length).toBeGreaterThanOrEqual(9);
  });

  it('refuses a bad row with 400 and writes nothing, not even the rows before it', async () => {
    const ada = await adaInvitedWithAnswer();
    const before = await snapshotDatabase(t.deps.db);
    const body = smithsBody(ada);
    // Found only once the guests are written: the whole transaction must roll back.
    const unknownActivity = { ...body, invitations: [...body.invitations!, { guestRow: 1, activityId: 'no-such-activity', invited: true }] };
    const error = await expectError(host, 'POST', importPath, unknownActivity, 400, 'VALIDATION_FAILED');
    expect(error.issues).toEqual([{ path: 'invitations.3.activityId', message: 'No activity with this id in the occasion.' }]);
    const badMeal = { ...body, invitations: [{ guestRow: 0, activityId: dinner.id, invited: true, mealChoice: 'beef' }] };
    expect((await expectError(host, 'POST', importPath, badMeal, 400, 'VALIDATION_FAILED')).issues![0]!.path).toBe('invitations.0.mealChoice');
    const badEmail = { ...body, guests: [...body.guests, { firstName: 'Dee', email: 'not an address' }] };
    expect((await expectError(host, 'POST', importPath, badEmail, 400, 'VALIDATION_FAILED')).issues![0]!.path).toBe('guests.3.email');
    const badState = { ...body, households: [{ name: 'The Smiths', country: 'USA', state: 'Atlantis' }] };
    expect((await expectError(host, 'POST', importPath, badState, 400, 'VALIDATION_FAILED')).issues![0]!.path).toBe('households.0.state');
    const noRow = { ...body, answers: [{ questionId: diet.id, guestRow: 3, value: 'x' }] };
    expect((await expectError(host, 'POST', importPath, noRow, 400, 'VALIDATION_FAILED')).issues![0]!.path).toBe('answers.0.guestRow');
    expect(await snapshotDatabase(t.deps.db)).toEqual(before);
    expect(await guests()).toHaveLength(1);
  });

  it('refuses more than 20,000 guest rows before parsing the body', async () => {
    const before = await snapshotDatabase(t.deps.db);
    // Not JSON after the list: a refusal for the list's length shows the text was never parsed.
    const text = `{"key":"import-key-0001","guests":[${'{},'.repeat(20_000)}{}],oops}`;
    const error = await expectError(host, 'POST', importPath, text, 400, 'VALIDATION_FAILED');
    expect(error.issues).toEqual([{ path: 'guests', message: 'Guests can have at most 20,000 entries.' }]);
    const lines = `{"key":"import-key-0001","guests":[{}],"invitations":[${'{},'.repeat(100_000)}{}],oops}`;
    expect((await expectError(host, 'POST', importPath, lines, 400, 'VALIDATION_FAILED')).issues![0]!.path).toBe('invitations');
    expect(await snapshotDatabase(t.deps.db)).toEqual(before);
  });

  it('imports once when the same key comes twice at once, and answers both with the first result', async () => {
    const ada = await adaInvitedWithAnswer();
    const body = smithsBody(ada);
    const results = await Promise.all([send(body), send(body), send(body)]);
    expect(results[1]).toEqual(results[0]);
    expect(results[2]).toEqual(results[0]);
    expect(await guests()).toHaveLength(3);
    expect(await read<Household[]>(host, `/occasion/${occasion.id}/households`)).toHaveLength(1);
    expect(await t.deps.db.selectFrom('guestImport').select('id').execute()).toHaveLength(1);
    expect(await send(body)).toEqual(results[0]);
    const other = { ...body, guests: [{ firstName: 'Eve' }], households: [], invitations: [], answers: [] };
    const reused = await expectError(host, 'POST', importPath, other, 409, 'CONFLICT');
    expect(reused.message).toMatch(/key was used for another import/);
    expect(await guests()).toHaveLength(3);
  });

  it('undoes exactly what it wrote, in one request, and a second undo changes nothing more', async () => {
    const ada = await adaInvitedWithAnswer();
    const smiths = await createHousehold(host, occasion.id, { name: 'The Smiths', city: 'Porto' });
    await update(host, `/occasion/${occasion.id}/guest/${ada.id}`, { householdId: smiths.id });
    const before = await dataSnapshot();
    const body = smithsBody(ada);
    const result = await send({ ...body, guests: [...body.guests, { firstName: 'Dan', householdName: 'The Joneses' }] });
    expect(result.households).toEqual({ created: 1, updated: 1, removed: 0 });
    const { seq } = await t.deps.db.selectFrom('historyEntry').select((eb) => eb.fn.max('seq').as('seq')).executeTakeFirstOrThrow();
    const undone = await undo(result.importId);
    expect(undone.importId).toBe(result.importId);
    expect(await dataSnapshot()).toEqual(before);
    // The undo is history too, each entry naming its guest or household as it was.
    const entries = await t.deps.db.selectFrom('historyEntry').select(['actorKind', 'action', 'subjectName']).where('seq', '>', seq!).execute();
    expect(entries.length).toBeGreaterThanOrEqual(8);
    expect(entries.filter((entry) => entry.actorKind !== 'IMPORT' || entry.subjectName === '')).toEqual([]);
    expect(await undo(result.importId)).toEqual(undone);
    expect(await dataSnapshot()).toEqual(before);
  });

  it('refuses to undo with 409 IMPORT_CHANGED, naming the guest, when a co-host edited an imported guest', async () => {
    const ada = await adaInvitedWithAnswer();
    const result = await send(smithsBody(ada));
    await verifyAccount(t.deps.db, host.credentials.email);
    const editor = await addPerson(t, host, occasion.id, 'editor');
    await update(editor, `/occasion/${occasion.id}/guest/${result.guestIds[0]}`, { notes: 'Arrives late' });
    const before = await snapshotDatabase(t.deps.db);
    const error = await expectError(host, 'POST', `${importPath}/${result.importId}/undo`, {}, 409, 'IMPORT_CHANGED');
    expect(error.message).toContain('guest Bea Smith');
    expect(await snapshotDatabase(t.deps.db)).toEqual(before);
  });

  it('never loses an edit made while the undo runs: it waits for the undo, or the undo sees it and refuses', async () => {
    const ada = await adaInvitedWithAnswer();
    const result = await send(smithsBody(ada));
    const [undone, edited] = await Promise.all([
      host.request('POST', `${importPath}/${result.importId}/undo`, {}),
      host.request('PUT', `/occasion/${occasion.id}/guest/${ada.id}`, { notes: 'Edited meanwhile' }),
    ]);
    expect(edited.status).toBe(200);
    const listed = await guests();
    expect(listed.find((guest) => guest.id === ada.id)!.notes).toBe('Edited meanwhile');
    if (undone.status === 200) expect(listed.map((guest) => guest.id)).toEqual([ada.id]);
    else {
      expect(undone.status).toBe(409);
      expect(listed).toHaveLength(3);
    }
  });

  it('undoes once when asked twice at once', async () => {
    const ada = await adaInvitedWithAnswer();
    const before = await dataSnapshot();
    const again = await send(smithsBody(ada));
    // Both answer 200 with one undo's answer: a second full undo would find the rows gone and refuse.
    const both = await Promise.all([undo(again.importId), undo(again.importId)]);
    expect(both[1]).toEqual(both[0]);
    expect(await dataSnapshot()).toEqual(before);
  });

  it('refuses to undo when another write added a guest to a household the import created', async () => {
    const result = await send({ key: 'import-key-0002', guests: [{ firstName: 'Bea', householdName: 'The Smiths' }] });
    await createGuest(host, occasion.id, { firstName: 'Zed', householdId: result.householdIds[0] });
    const before = await snapshotDatabase(t.deps.db);
    const error = await expectError(host, 'POST', `${importPath}/${result.importId}/undo`, {}, 409, 'IMPORT_CHANGED');
    expect(error.message).toContain('guest Zed Smith');
    expect(await snapshotDatabase(t.deps.db)).toEqual(before);
  });

  it('answers 404 for an import of another occasion or none', async () => {
    const result = await send({ key: 'import-key-0003', guests: [{ firstName: 'Bea' }] });
    const other = await createOccasion(host);
    await expectError(host, 'POST', `/occasion/${other.id}/import/${result.importId}/undo`, {}, 404, 'NOT_FOUND');
    await expectError(host, 'POST', `${importPath}/nosuchimport/undo`, {}, 404, 'NOT_FOUND');
  });
});
