import { useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { errorMessage } from '../../core/client/result';
import { useSession } from '../auth/session';
import { useKindly } from '../data/kindly';

// Plain elements only: this frame is in the first bundle, and React Aria loads with the screens.

/**
 * The signed-in frame: a skip link, the header (brand, who is signed in: a link to the account's
 * settings, sign out), the page, and a footer linking the API reference (a page of the server's,
 * outside the dashboard's router).
 */
export function AppShell({ children }: { children: ReactNode }) {
  const { stores } = useKindly();
  const { session } = useSession();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();

  async function signOut() {
    setBusy(true);
    setFailure(undefined);
    const result = await stores.$signOut.mutate();
    setBusy(false);
    if (result.error) setFailure(`Could not sign out. ${errorMessage(result.error)}`);
  }

  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="app-header">
        <Link href="~/occasions" className="brand">
          Kindly
        </Link>
        <span className="spacer" />
        {session ? (
          <Link href="~/account" className="who">
            {session.user.name || session.user.email}
            <span className="visually-hidden"> (Account settings)</span>
          </Link>
        ) : null}
        <button type="button" className="button button--small" onClick={signOut} disabled={busy}>
          {busy ? 'Signing out…' : 'Sign out'}
        </button>
      </header>
      {failure ? (
        <div className="notice notice--error" role="alert">
          {failure}
        </div>
      ) : null}
      {children}
      <footer className="app-footer">
        <a href="/api-reference">API reference</a>
      </footer>
    </>
  );
}
