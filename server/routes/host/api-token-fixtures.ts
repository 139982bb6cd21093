import { expect } from 'vitest';
import type { ApiTokenCreated, ApiTokenRole } from '../../../core/schemas/api-token';
import { BASE, type HostClient } from '../../in-process/host-session';
import type { TestApp } from '../../test-support/test-app';
import type { ErrorBody } from './host-fixtures';

/** A new token of the occasion, created by an owner through the route. */
export async function createApiToken(owner: HostClient, occasionId: string, role: ApiTokenRole, name = `${role} script`): Promise<ApiTokenCreated> {
  const response = await owner.request('POST', `/occasion/${occasionId}/api-tokens`, { name, role });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as ApiTokenCreated;
}

/**
 * A token already used once, so its `lastUsedAt` stays as it is for the next minute: a snapshot
 * taken now is unchanged by refused requests of it.
 */
export async function usedApiToken(t: TestApp, owner: HostClient, occasionId: string, role: ApiTokenRole): Promise<ApiTokenCreated> {
  const token = await createApiToken(owner, occasionId, role);
  expect((await tokenRequest(t, token.secret, 'GET', `/occasion/${occasionId}`)).status).toBe(200);
  return token;
}

/** A request to `/host/v1` with `Authorization: Bearer <token>` (and any other headers given). */
export async function tokenRequest(t: TestApp, token: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return await t.app.request(`${BASE}/host/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/** Sends a token's request that must fail with `status` and `code` in the contract's error body; returns the error. */
export async function expectTokenError(
  t: TestApp,
  token: string,
  request: [method: string, path: string, body?: unknown],
  status: number,
  code: string,
  headers: Record<string, string> = {},
): Promise<ErrorBody['error']> {
  const [method, path, sent] = request;
  const response = await tokenRequest(t, token, method, path, sent, headers);
  const answer = (await response.json()) as ErrorBody;
  expect(response.status, `${method} ${path}: ${JSON.stringify(answer)}`).toBe(status);
  expect(Object.keys(answer)).toEqual(['error']);
  expect(answer.error.code).toBe(code);
  expect(answer.error.message.length).toBeGreaterThan(5);
  return answer.error;
}
