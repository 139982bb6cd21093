/** The signed-in host as Auth.js answers `GET /host/v1/auth/session` (contract section 3). */
export interface HostSession {
  user: {
    id: string;
    email: string;
    /** `firstName lastName` */
    name: string;
    firstName: string;
    lastName: string;
  };
  /** ISO 8601 instant when the session ends. */
  expires: string;
}

/** What Auth.js answers a sign-in or sign-out sent with `X-Auth-Return-Redirect: 1`. */
export interface AuthRedirect {
  url: string;
}

/** The host sign-in form (the client adds the CSRF token). */
export interface HostCredentials {
  email: string;
  password: string;
  /** An authenticator's six digits or a recovery code, for an account with two-factor sign-in. */
  code?: string;
}
