import { Suspense, type ReactNode } from 'react';
import { Redirect, Route, Switch, useLocation, useSearch } from 'wouter';
import { safeNext, signInPathFor, useSession } from './auth/session';
import { AppShell } from './components/app-shell';
import { RouteErrorBoundary } from './components/error-screen';
import { ErrorState, Loading } from './components/states';
import { KindlyProvider, useKindly, useSessionCheckOnNavigation, type Kindly } from './data/kindly';
import { chunk } from './chunks/chunk';
import { lazyChunk } from './chunks/lazy-chunk';
import { screenChunks } from './chunks/screens';
import { AREAS } from './routes';

// Each area is its own chunk, so the first screen loads only what it shows (the entry has
// started the page's own: it renders without suspending).
const OccasionsRoutes = lazyChunk(screenChunks.occasions, (module) => module.default);
const AuthRoutes = lazyChunk(screenChunks.auth, (module) => module.default);
const OccasionRoutes = lazyChunk(screenChunks.occasion, (module) => module.default);
const InvitationPage = lazyChunk(chunk(() => import('./invitation/invitation-page')), (module) => module.default);
const AccountRoutes = lazyChunk(screenChunks.account, (module) => module.default);

/**
 * The dashboard (contract section 7). Render it inside a wouter `<Router>`; tests pass their own
 * `kindly` (client and stores) and a memory location.
 */
export function App({ kindly }: { kindly?: Kindly }) {
  return (
    <KindlyProvider kindly={kindly}>
      <SessionGate>
        <AppRoutes />
      </SessionGate>
    </KindlyProvider>
  );
}

/** Nothing renders until the session check has finished. */
function SessionGate({ children }: { children: ReactNode }) {
  const { stores } = useKindly();
  const { ready, session, error } = useSession();
  if (!ready) return null;
  if (error && !session) {
    return (
      <main className="page page--narrow" id="main">
        <h1>Kindly</h1>
        <ErrorState error={error} what="your session" onRetry={() => stores.markStale(['Session'])} />
      </main>
    );
  }
  return <>{children}</>;
}

/**
 * `/auth/*` is for signed-out visitors (a signed-in one goes on to `next` or `/occasions`);
 * `/occasions/*`, `/occasion/:occasionId/*` and `/account` need a session (a signed-out visitor goes to
 * sign-in and comes back afterwards); `/invitation` takes an invitation to help run an occasion,
 * signed in or out; any other path redirects to `/occasions`.
 */
export function AppRoutes() {
  const { session } = useSession();
  const [location] = useLocation();
  const search = useSearch();
  const here = `${location}${search ? `?${search}` : ''}`;
  const next = new URLSearchParams(search).get('next');
  const toSignIn = <Redirect to={`~${signInPathFor(here)}`} replace />;
  useSessionCheckOnNavigation(location, !!session);

  return (
    <RouteErrorBoundary resetKey={location}>
      <Switch>
        <Route path={AREAS.auth.path} nest>
          {session ? (
            <Redirect to={`~${safeNext(next)}`} replace />
          ) : (
            <Suspense fallback={null}>
              <AuthRoutes />
            </Suspense>
          )}
        </Route>
        <Route path={AREAS.occasions.path} nest>
          {session ? (
            <AppShell>
              <Suspense fallback={<PageLoading />}>
                <OccasionsRoutes />
              </Suspense>
            </AppShell>
          ) : (
            toSignIn
          )}
        </Route>
        <Route path={AREAS.occasion.path} nest>
          {session ? (
            <AppShell>
              <Suspense fallback={<PageLoading />}>
                <OccasionRoutes />
              </Suspense>
            </AppShell>
          ) : (
            toSignIn
          )}
        </Route>
        <Route path="/invitation">
          <Suspense fallback={<PageLoading />}>
            <InvitationPage />
          </Suspense>
        </Route>
        <Route path={AREAS.account.path} nest>
          {session ? (
            <AppShell>
              <Suspense fallback={<PageLoading />}>
                <AccountRoutes />
              </Suspense>
            </AppShell>
          ) : (
            toSignIn
          )}
        </Route>
        <Route>
          <Redirect to="/occasions" replace />
        </Route>
      </Switch>
    </RouteErrorBoundary>
  );
}

function PageLoading() {
  return (
    <main className="page" id="main">
      <Loading />
    </main>
  );
}
