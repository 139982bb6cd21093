import type { AuthConfig } from '@auth/core';
import Credentials from '@auth/core/providers/credentials';
import * as v from 'valibot';
import { SignInSchema } from '../../core/schemas/account';
import type { AppDeps } from '../app-env';
import { newId } from '../db/ids';
import { noteAuthFault } from '../middleware/auth-faults/auth-faults';
import { verifyPassword } from './passwords';

export const AUTH_BASE_PATH = '/host/v1/auth';
/** Host sessions last 30 days from sign-in, in the JWT and in the sessions table alike. */
export const HOST_SESSION_SECONDS = 30 * 24 * 60 * 60;

declare module '@auth/core/types' {
  interface User {
    firstName?: string;
    lastName?: string;
    sessionId?: string;
  }
}

declare module '@auth/core/jwt' {
  interface JWT {
    sid?: string;
    firstName?: string;
    lastName?: string;
  }
}

/**
 * Auth.js for hosts: Credentials provider, JWT strategy, and a session id inside the token
 * checked against the `hostSession` table, so that sign-out revokes the session on the server.
 */
export function createAuthConfig(deps: AppDeps): AuthConfig {
  const { db } = deps;
  return {
    basePath: AUTH_BASE_PATH,
    secret: deps.config.authSecret,
    trustHost: true,
    session: { strategy: 'jwt', maxAge: HOST_SESSION_SECONDS },
    logger: {
      error: (error) => {
        noteAuthFault(error);
        deps.log(`auth: ${error.name}`);
      },
      warn: () => {},
      debug: () => {},
    },
    providers: [
      Credentials({
        credentials: { email: {}, password: {} },
        async authorize(credentials) {
          const parsed = v.safeParse(SignInSchema, { email: credentials.email, password: credentials.password });
          if (!parsed.success) return null;
          const account = await db
            .selectFrom('account')
            .selectAll()
            .where('emailKey', '=', parsed.output.email.toLowerCase())
            .executeTakeFirst();
          if (!(await verifyPassword(account?.passwordHash, parsed.output.password)) || !account) return null;
          const now = new Date();
          await db.deleteFrom('hostSession').where('expiresAt', '<=', now.toISOString()).execute();
          const sessionId = newId() + newId();
          await db
            .insertInto('hostSession')
            .values({
              id: sessionId,
              accountId: account.id,
              createdAt: now.toISOString(),
              expiresAt: new Date(now.getTime() + HOST_SESSION_SECONDS * 1000).toISOString(),
            })
            .execute();
          return {
            id: account.id,
            email: account.email,
            name: `${account.firstName} ${account.lastName}`,
            firstName: account.firstName,
            lastName: account.lastName,
            sessionId,
          };
        },
      }),
    ],
    callbacks: {
      async jwt({ token, user }) {
        if (user) {
          return {
            sub: user.id,
            email: user.email,
            name: user.name,
            firstName: user.firstName,
            lastName: user.lastName,
            sid: user.sessionId,
          };
        }
        return (await isHostSessionLive(deps, token.sid)) ? token : null;
      },
      session({ session, token }) {
        return {
          ...session,
          user: {
            id: token.sub ?? '',
            email: token.email ?? '',
            name: token.name ?? '',
            firstName: token.firstName ?? '',
            lastName: token.lastName ?? '',
          },
        } as typeof session;
      },
    },
    events: {
      async signOut(message) {
        const sid = 'token' in message ? message.token?.sid : undefined;
        if (sid) await db.deleteFrom('hostSession').where('id', '=', sid).execute();
      },
    },
  };
}

/** Whether a host session id names a session that is still in the table and unexpired. */
export async function isHostSessionLive(deps: AppDeps, sessionId: string | undefined): Promise<boolean> {
  if (!sessionId) return false;
  const row = await deps.db
    .selectFrom('hostSession')
    .select('expiresAt')
    .where('id', '=', sessionId)
    .executeTakeFirst();
  return !!row && row.expiresAt > new Date().toISOString();
}
