import { expect } from 'vitest';
import type { Activity } from '../../../core/schemas/activity';
import type { AttributeCategory } from '../../../core/schemas/attribute-category';
import type { Guest } from '../../../core/schemas/guest';
import type { Household } from '../../../core/schemas/household';
import type { InviteLine } from '../../../core/schemas/invite-line';
import type { Occasion } from '../../../core/schemas/occasion';
import { BASE, type HostClient } from '../../in-process/host-session';
import { snapshotDatabase } from '../../test-support/snapshot';
import type { TestApp } from '../../test-support/test-app';

/** Test helpers shared by the host route tests. */

export const weddingInput = {
  title: 'Sam & Alex',
  startDate: '2027-06-12',
  endDate: '2027-06-13',
  timezone: 'Europe/Lisbon',
};

/** Sends a request that must answer `status`, and returns its JSON body. */
export async function expectJson<T>(host: HostClient, method: string, path: string, body: unknown, status: number): Promise<T> {
  const response = await host.request(method, path, body);
  const text = await response.text();
  expect(response.status, `${method} ${path}: ${text.slice(0, 300)}`).toBe(status);
  return JSON.parse(text) as T;
}

export const create = <T>(host: HostClient, path: string, body: unknown): Promise<T> => expectJson<T>(host, 'POST', path, body, 201);
export const read = <T>(host: HostClient, path: string): Promise<T> => expectJson<T>(host, 'GET', path, undefined, 200);
export const update = <T>(host: HostClient, path: string, body: unknown): Promise<T> => expectJson<T>(host, 'PUT', path, body, 200);

export async function remove(host: HostClient, path: string): Promise<void> {
  expect((await host.request('DELETE', path)).status, `DELETE ${path}`).toBe(204);
}

export const createOccasion = (host: HostClient, input: object = {}): Promise<Occasion> =>
  create<Occasion>(host, '/occasion', { ...weddingInput, ...input });

export const createActivity = (host: HostClient, occasionId: string, input: object = {}): Promise<Activity> =>
  create<Activity>(host, `/occasion/${occasionId}/activity`, { name: 'Ceremony', startsAt: '2027-06-12T15:00:00.000Z', ...input });

export const createHousehold = (host: HostClient, occasionId: string, input: object = {}): Promise<Household> =>
  create<Household>(host, `/occasion/${occasionId}/household`, { name: 'The Smiths', ...input });

export const createGuest = (host: HostClient, occasionId: string, input: object = {}): Promise<Guest> =>
  create<Guest>(host, `/occasion/${occasionId}/guest`, { firstName: 'Ada', lastName: 'Smith', ...input });

export const createCategory = (host: HostClient, occasionId: string, input: object = {}): Promise<AttributeCategory> =>
  create<AttributeCategory>(host, `/occasion/${occasionId}/attribute-category`, {
    name: 'Side',
    options: [
      { value: 'bride', text: "Bride's side" },
      { value: 'groom', text: "Groom's side" },
    ],
    ...input,
  });

export const invite = (host: HostClient, occasionId: string, guestId: string, activityId: string, input: object = {}): Promise<InviteLine> =>
  create<InviteLine>(host, `/occasion/${occasionId}/invite-line`, { guestId, activityId, ...input });

export interface ErrorBody {
  error: { code: string; message: string; issues?: Array<{ path: string; message: string }> };
}

/** Sends a request that must fail with `status` and `code`; returns the error. */
export async function expectError(
  host: HostClient,
  method: string,
  path: string,
  body: unknown,
  status: number,
  code: string,
): Promise<ErrorBody['error']> {
  const response = await host.request(method, path, body);
  const { error } = (await response.json()) as ErrorBody;
  expect(response.status, `${method} ${path} ${JSON.stringify(body)?.slice(0, 80)}: ${JSON.stringify(error)}`).toBe(status);
  expect(error.code).toBe(code);
  expect(error.message.length).toBeGreaterThan(5);
  if (code === 'VALIDATION_FAILED') expect(error.issues?.length).toBeGreaterThan(0);
  return error;
}

/** The issue paths of a failed request. */
export async function issuePaths(host: HostClient, method: string, path: string, body: unknown): Promise<string[]> {
  const error = await expectError(host, method, path, body, 400, 'VALIDATION_FAILED');
  return error.issues!.map((issue) => issue.path);
}

/** Sends a body that is not JSON at all. */
export async function sendText(t: TestApp, host: HostClient, method: string, path: string): Promise<Response> {
  return await t.app.request(`${BASE}/host/v1${path}`, {
    method,
    headers: { cookie: host.jar.header(), 'content-type': 'text/plain' },
    body: '{}',
  });
}

/**
 * The refusals every write route shares (malformed JSON, unknown and read-only fields, a body
 * past the limit, another media type), each leaving the database as it was.
 */
export async function expectBadBodiesRefused(
  t: TestApp,
  host: HostClient,
  method: string,
  path: string,
  validBody: object,
  readOnly: string[],
  limit = 64 * 1024,
): Promise<void> {
  const before = await snapshotDatabase(t.deps.db);
  await expectError(host, method, path, '{"name": ', 400, 'MALFORMED_JSON');
  for (const notAnObject of [[], [validBody], '"x"', 'null', '3']) {
    const error = await expectError(host, method, path, notAnObject, 400, 'VALIDATION_FAILED');
    expect(error.issues).toEqual([{ path: '', message: 'Expected a JSON object.' }]);
  }
  const unknown = await expectError(host, method, path, { ...validBody, colour: 'blue' }, 400, 'VALIDATION_FAILED');
  expect(unknown.issues!.map((issue) => issue.path)).toContain('colour');
  for (const field of readOnly) {
    const error = await expectError(host, method, path, { ...validBody, [field]: 'x' }, 400, 'VALIDATION_FAILED');
    expect(error.issues!.map((issue) => issue.path)).toContain(field);
  }
  await expectError(host, method, path, { ...validBody, notes: 'x'.repeat(limit + 10) }, 413, 'PAYLOAD_TOO_LARGE');
  const notJson = await sendText(t, host, method, path);
  expect(notJson.status).toBe(415);
  expect(((await notJson.json()) as ErrorBody).error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  expect(await snapshotDatabase(t.deps.db)).toEqual(before);
}

/** Another account: every path must answer it 404 and change nothing. */
export async function expectHiddenFrom(t: TestApp, other: HostClient, requests: Array<[string, string, unknown?]>): Promise<void> {
  const before = await snapshotDatabase(t.deps.db);
  for (const [method, path, body] of requests) await expectError(other, method, path, body, 404, 'NOT_FOUND');
  expect(await snapshotDatabase(t.deps.db)).toEqual(before);
}

/**
 * A bulk body of 2,000,000 empty rows (6 MB, under the 8 MiB limit) is refused for its length
 * alone, before any row is checked; a body of exactly `max` empty rows names at most 100
 * issues. Nothing changes. Answers how long the huge body took, in milliseconds.
 */
export async function expectHugeBulkRefused(
  t: TestApp,
  host: HostClient,
  method: string,
  path: string,
  list: { key: string; label: string; max: number },
): Promise<number> {
  const before = await snapshotDatabase(t.deps.db);
  const emptyRows = (count: number) => `{"${list.key}":[${'{},'.repeat(count - 1)}{}]}`;
  const started = performance.now();
  const huge = await expectError(host, method, path, emptyRows(2_000_000), 400, 'VALIDATION_FAILED');
  const elapsed = performance.now() - started;
  expect(huge.issues).toEqual([{ path: list.key, message: `${list.label} can have at most ${list.max.toLocaleString('en-US')} entries.` }]);
  const full = await expectError(host, method, path, emptyRows(list.max), 400, 'VALIDATION_FAILED');
  expect(full.issues!.length).toBeGreaterThan(1);
  expect(full.issues!.length).toBeLessThanOrEqual(100);
  expect(full.issues![0]!.path).toMatch(new RegExp(`^${list.key}\\.0\\.`));
  expect(await snapshotDatabase(t.deps.db)).toEqual(before);
  return elapsed;
}

