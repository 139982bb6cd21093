import { useState } from 'react';
import { errorMessage } from '../../core/client/result';
import type { HostSessionInfo } from '../../core/schemas/account';
import { ErrorState, Loading } from '../components/states';
import { FormMessage } from '../components/text-input';
import { useKindly, useQuery } from '../data/kindly';
import { Section } from './account-section';

/** A browser's `User-Agent` in a few words: "Firefox on Windows". */
export function describeBrowser(userAgent: string): string {
  if (!userAgent) return 'Unknown browser';
  const browser =
    /Edg\//.test(userAgent) ? 'Edge' : /Firefox\//.test(userAgent) ? 'Firefox' : /Chrome\/|Chromium\//.test(userAgent) ? 'Chrome' : /Safari\//.test(userAgent) ? 'Safari' : userAgent.split(/[ /]/)[0]!;
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : '';
  return system ? `${browser} on ${system}` : browser;
}

const when = (at: string) => new Date(at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The account's sessions: when and from where each began; end one, or all but this one. */
export function SessionsSection() {
  const { stores } = useKindly();
  const sessions = useQuery((s) => s.$hostSessions, 'sessions');
  const [failure, setFailure] = useState<string>();
  const end = async (session: HostSessionInfo) => {
    const result = await stores.$endHostSession.mutate({ sessionId: session.id });
    setFailure(result.error ? errorMessage(result.error) : undefined);
  };
  const others = sessions.data?.filter((session) => !session.current) ?? [];
  return (
    <Section id="sessions" title="Where you are signed in">
      {sessions.error && !sessions.data ? (
        <ErrorState error={sessions.error} what="your sessions" onRetry={sessions.retry} />
      ) : !sessions.data ? (
        <Loading />
      ) : (
        <>
          <table className="table" aria-label="Sessions">
            <thead>
              <tr>
                <th scope="col">Browser</th>
                <th scope="col">Address</th>
                <th scope="col">Signed in</th>
                <th scope="col">
                  <span className="visually-hidden">Action</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {sessions.data.map((session) => (
                <tr key={session.id}>
                  <th scope="row">{describeBrowser(session.userAgent)}</th>
                  <td>{session.address || 'Unknown'}</td>
                  <td>{when(session.createdAt)}</td>
                  <td>
                    {session.current ? (
                      'This session'
                    ) : (
                      <button type="button" className="button button--small" onClick={() => void end(session)}>
                        Sign out <span className="visually-hidden">{`${describeBrowser(session.userAgent)}, ${when(session.createdAt)}`}</span>
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {others.length > 0 ? (
            <p>
              <button
                type="button"
                className="button"
                onClick={async () => {
                  const result = await stores.$endOtherHostSessions.mutate();
                  setFailure(result.error ? errorMessage(result.error) : undefined);
                }}
              >
                Sign out everywhere else
              </button>
            </p>
          ) : null}
          <FormMessage messages={[failure]} />
        </>
      )}
    </Section>
  );
}
