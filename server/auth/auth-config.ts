import type { AuthConfig } from '@auth/core';
import { CredentialsSignin } from '@auth/core/errors';
import Credentials from '@auth/core/providers/credentials';
import * as v from 'valibot';
import { SignInSchema } from '../../core/schemas/account';
import type { AppDeps } from '../app-env';
import { newId } from '../db/ids';
import { checkSecondFactor } from './two-factor';
import { endHostSession, findHostSessionAccount, HOST_SESSION_SECONDS, startHostSession } from './host-sessions';

export const AUTH_BASE_PATH = '/host/v1/auth';

/** The password was right and the account has two-factor sign-in: ask for its code (`code=two-factor-required` in the answer's URL). */
class TwoFactorRequired extends CredentialsSignin {
  override code = 'two-factor-required';
}

/** The password was right and the code was not (or was used already). */
class TwoFactorInvalid extends CredentialsSignin {
  override code = 'two-factor-invalid';
}

declare module '@auth/core/types' {
  interface User {
    firstName?: string;
    lastName?: string;
    sessionToken?: string;
  }
}

declare module '@auth/core/jwt' {
  interface JWT {
    /** `hostSession.id`: the SHA-256 of the session token. */
    sid?: string;
    /** The opaque session token itself, which is what the cookie holds. */
    sessionToken?: string;
    firstName?: string;
    lastName?: string;
  }
}

/**
 * Auth.js for hosts: Credentials provider and the JWT strategy, whose encode/decode hooks put an
 * opaque random token in the cookie instead of an encrypted JWT. The token's hash is the
 * `hostSession` row's id, so every check is one indexed lookup and sign-out (the row deleted)
 * revokes the session on every instance at once.
 */
export function createAuthConfig(deps: AppDeps): AuthConfig {
  const { db } = deps;
  return {
    basePath: AUTH_BASE_PATH,
    secret: deps.config.authSecret,
    trustHost: true,
    session: { strategy: 'jwt', maxAge: HOST_SESSION_SECONDS },
    jwt: {
      encode: ({ token }) => {
        if (!token?.sessionToken) throw new Error('a host session token is missing');
        return token.sessionToken;
      },
      decode: async ({ token }) => {
        const session = await findHostSessionAccount(db, token);
        if (!session) return null;
        return {
          sub: session.accountId,
          email: session.email,
          name: `${session.firstName} ${session.lastName}`,
          firstName: session.firstName,
          lastName: session.lastName,
          sid: session.sessionId,
          sessionToken: token,
        };
      },
    },
    logger: {
      // A database fault among these is also noted for a 503 (`noticingAuthFaults`, per request).
      error: (error) => deps.log.warn({ authError: error.name }, `auth: ${error.name}`),
      warn: () => {},
      debug: () => {},
    },
    providers: [
      Credentials({
        credentials: { email: {}, password: {}, code: {} },
        async authorize(credentials) {
          const parsed = v.safeParse(SignInSchema, { email: credentials.email, password: credentials.password });
          if (!parsed.success) return null;
          const account = await db
            .selectFrom('account')
            .selectAll()
            .where('emailKey', '=', parsed.output.email.toLowerCase())
            .executeTakeFirst();
          if (!(await deps.passwords.verify(account?.passwordHash, parsed.output.password)) || !account) return null;
          // Two-factor sign-in: an authenticator's code or a recovery code, after the password.
          const secondFactor = account.totpEnabledAt !== null;
          if (secondFactor) {
            const code = typeof credentials.code === 'string' ? credentials.code.slice(0, 40) : '';
            if (code.trim() === '') throw new TwoFactorRequired();
            if (!(await checkSecondFactor(db, account, code))) throw new TwoFactorInvalid();
          }
          return {
            id: account.id,
            email: account.email,
            name: `${account.firstName} ${account.lastName}`,
            firstName: account.firstName,
            lastName: account.lastName,
            sessionToken: await startHostSession(db, account.id, new Date(), secondFactor),
          };
        },
      }),
    ],
    callbacks: {
      // The token was decoded from a live session row (or just issued): nothing to check again.
      jwt({ token, user }) {
        if (!user) return token;
        return {
          sub: user.id,
          email: user.email,
          name: user.name,
          firstName: user.firstName,
          lastName: user.lastName,
          sessionToken: user.sessionToken,
        };
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
        if (sid) await endHostSession(db, sid);
      },
    },
  };
}
