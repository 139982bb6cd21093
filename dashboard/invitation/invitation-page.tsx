import { useEffect, useState } from 'react';
import { Button } from 'react-aria-components';
import { Link, useLocation } from 'wouter';
import { errorMessage, type ClientError } from '../../core/client/result';
import { ROLE_NAMES, type InvitationPreview } from '../../core/schemas/people';
import { useSession } from '../auth/session';
import { browserTimeZone, formatInstant } from '../components/format';
import { Loading } from '../components/states';
import { FormMessage } from '../components/text-input';
import { useKindly } from '../data/kindly';

/** Where the token waits while its person signs up or signs in (this tab only). */
const TOKEN_KEY = 'kindly.invitation';

/**
 * The invitation's token: from the link's fragment (which never reaches a server or a log),
 * kept in this tab's `sessionStorage` while its person signs up or in, then taken from there.
 */
function invitationToken(): string | null {
  const fromLink = window.location.hash.slice(1);
  if (fromLink) {
    sessionStorage.setItem(TOKEN_KEY, fromLink);
    window.history.replaceState(null, '', window.location.pathname);
    return fromLink;
  }
  return sessionStorage.getItem(TOKEN_KEY);
}

/**
 * `/invitation#<token>`: what an invitation to help run an occasion offers. Signed out, it asks
 * the person to sign up (any address) or sign in and comes back; signed in, it accepts and opens
 * the occasion.
 */
export default function InvitationPage() {
  const { client, stores } = useKindly();
  const { session } = useSession();
  const [, navigate] = useLocation();
  const [token] = useState(invitationToken);
  const [preview, setPreview] = useState<InvitationPreview>();
  const [failure, setFailure] = useState<ClientError | string>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!token) return;
    void client.lookUpInvitation({ token }).then((result) => (result.error ? setFailure(result.error) : setPreview(result.data)));
  }, [client, token]);

  async function accept() {
    setBusy(true);
    const result = await stores.$acceptInvitation.mutate({ token: token! });
    setBusy(false);
    if (result.error) return setFailure(result.error);
    sessionStorage.removeItem(TOKEN_KEY);
    navigate(`/occasion/${result.data.occasionId}${result.data.role === 'door' ? '/door' : ''}`);
  }

  return (
    <main className="page page--narrow" id="main">
      <h1>Invitation</h1>
      {!token ? (
        <p>This page opens from the link in an invitation email.</p>
      ) : failure ? (
        <FormMessage messages={[typeof failure === 'string' ? failure : errorMessage(failure)]} />
      ) : !preview ? (
        <Loading />
      ) : (
        <>
          <p>
            {preview.invitedByName} invites you to help plan <strong>{preview.occasionTitle}</strong> as {ROLE_NAMES[preview.role].toLowerCase()}.
          </p>
          <p className="small muted">The invitation was sent to {preview.email}; it works once, until {formatInstant(preview.expiresAt, browserTimeZone())}.</p>
          {session ? (
            <Button className="button button--primary" onPress={() => void accept()} isDisabled={busy}>
              {busy ? 'Accepting…' : 'Accept the invitation'}
            </Button>
          ) : (
            <p className="row">
              <Link href="/auth/sign-up?next=/invitation" className="button button--primary">
                Create an account
              </Link>
              <Link href="/auth/sign-in?next=/invitation" className="button">
                Sign in
              </Link>
            </p>
          )}
        </>
      )}
    </main>
  );
}
