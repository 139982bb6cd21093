import { Suspense, useEffect, useMemo, type ComponentType, type ReactNode } from 'react';
import { Link, Redirect, Route, Switch, useLocation, useParams } from 'wouter';
import { ErrorScreen, NoMatch, RouteError } from '../components/error-screen';
import { ErrorState, Loading } from '../components/states';
import { useKindly, useQuery } from '../data/kindly';
import type { ReadableAtom } from 'nanostores';
import type { Occasion } from '../../core/schemas/occasion';
import { OccasionContext, OccasionListsContext, useOccasion, type OccasionListStores } from './occasion-context';
import { chunk } from '../chunks/chunk';
import { lazyChunk } from '../chunks/lazy-chunk';
import { occasionScreenChunks } from '../chunks/occasion-screens';
import { OCCASION_TABS, type OccasionSection } from '../routes';
import { roleCan } from '../../core/schemas/people';

// The overview is its own chunk too (with React Aria's pickers, the history and the chart): the
// guest list's first paint does not wait for its code.
const OverviewPage = lazyChunk(occasionScreenChunks.overview, (module) => module.OverviewPage);
const EditPage = lazyChunk(chunk(() => import('./edit-page')), (module) => module.default);
const SchedulePage = lazyChunk(chunk(() => import('../schedule/schedule-page')), (module) => module.default);
const QuestionsPage = lazyChunk(chunk(() => import('../questions/questions-page')), (module) => module.default);
const RepliesPage = lazyChunk(chunk(() => import('../replies/replies-page')), (module) => module.default);
const EmailPage = lazyChunk(chunk(() => import('../email/email-page')), (module) => module.default);
const PeoplePage = lazyChunk(chunk(() => import('../people/people-page')), (module) => module.default);
const WebhooksPage = lazyChunk(chunk(() => import('../webhooks/webhooks-page')), (module) => module.default);
const SeatingRoutes = lazyChunk(chunk(() => import('../seating/seating-routes')), (module) => module.default);
const DoorPage = lazyChunk(chunk(() => import('../door/door-page')), (module) => module.default);
const GuestsRoutes = lazyChunk(occasionScreenChunks.guests, (module) => module.default);
const HouseholdsRoutes = lazyChunk(occasionScreenChunks.households, (module) => module.default);

/**
 * Starts what the guest and household screens need (their code, and the occasion's lists)
 * while the occasion itself loads, instead of after it: the lists are cached by key, so the
 * screen's own queries find them.
 */
function Prefetch({ lists }: { lists: OccasionListStores }) {
  const [location] = useLocation();
  if (location.startsWith('/guests')) void occasionScreenChunks.guests.load();
  if (location.startsWith('/households')) void occasionScreenChunks.households.load();
  usePrefetchedLists(lists, location.startsWith('/guests') || location.startsWith('/households'), /^\/guests\/?$/.test(location));
  return null;
}

/**
 * Keeps the occasion's lists subscribed from an effect, not read during a render: a fetcher store
 * starts its request when first subscribed, a few milliseconds each at 4× CPU, and read in the
 * occasion's first render they were 50 ms of it (profiled). React runs this effect before it
 * renders anything else, so the guest screen finds them started (started from timers instead, a
 * fast occasion answer let the guest screen's first render start them itself). On the guest list,
 * while the whole list is not in (not cached), its first page too: asked and read while the
 * occasion loads, the page's first render shows its rows.
 */
function usePrefetchedLists(lists: OccasionListStores, wanted: boolean, onGuestList: boolean): void {
  useEffect(() => {
    if (!wanted) return undefined;
    const stops = [lists.guests, lists.activities, lists.categories, lists.households].map((store: ReadableAtom<unknown>) => store.listen(() => {}));
    if (onGuestList && lists.guests.get().data === undefined) {
      const stopPage = lists.firstPage.listen(() => {});
      // Dropped once the whole list is in: its first page would otherwise be asked again on every change.
      const unlisten = lists.guests.listen((value) => {
        if (value.data === undefined) return;
        unlisten();
        stopPage();
      });
      stops.push(stopPage, unlisten);
    }
    return () => stops.forEach((stop) => stop());
  }, [lists, wanted, onGuestList]);
}

/**
 * `/occasion/:occasionId/*`: loads the occasion (an API 400, 403 or 404 is a routing failure and
 * shows the error screen), then the tabs and the page: overview, `edit`, `schedule`, `guests`,
 * `households`, `replies`, `emails`. Any other path under it is a 404 `No route matches URL`.
 */
export default function OccasionRoutes() {
  const { occasionId = '' } = useParams<{ occasionId: string }>();
  const occasion = useQuery((s) => s.occasion(occasionId), occasionId);
  const { stores } = useKindly();
  const lists = useMemo(
    (): OccasionListStores => ({
      occasionId,
      guests: stores.guests(occasionId),
      households: stores.households(occasionId),
      activities: stores.activities(occasionId),
      categories: stores.attributeCategories(occasionId),
      firstPage: stores.guestsFirstPage(occasionId),
    }),
    [stores, occasionId],
  );
  return (
    <OccasionListsContext.Provider value={lists}>
      <Prefetch lists={lists} />
      <OccasionScreens occasionId={occasionId} occasion={occasion} />
    </OccasionListsContext.Provider>
  );
}

function OccasionScreens({ occasion }: { occasionId: string; occasion: ReturnType<typeof useQuery<Occasion>> }) {
  if (occasion.error) {
    const { error } = occasion;
    if (typeof error.status === 'number') {
      const message = 'data' in error ? error.data?.error?.message : undefined;
      return <ErrorScreen error={new RouteError(error.status, message)} />;
    }
    return (
      <main className="page" id="main">
        <ErrorState error={error} what="this occasion" onRetry={occasion.retry} />
      </main>
    );
  }
  if (!occasion.data) {
    return (
      <main className="page" id="main">
        <Loading label="Loading the occasion…" />
      </main>
    );
  }

  if (occasion.data.role === 'door') {
    // The door sees names and households only: its one screen.
    return (
      <OccasionContext.Provider value={occasion.data}>
        <Switch>
          <Route path="/door" nest>
            <Area section="/door">
              <OnePage page={DoorPage} />
            </Area>
          </Route>
          <Route>
            <Redirect to="/door" replace />
          </Route>
        </Switch>
      </OccasionContext.Provider>
    );
  }

  return (
    <OccasionContext.Provider value={occasion.data}>
      <Switch>
        {OCCASION_TABS.map(({ path }) => (
          <Route key={path} path={path || '/'} nest={path !== ''}>
            <Area section={path}>{SECTIONS[path]}</Area>
          </Route>
        ))}
        <Route>
          <NoMatch />
        </Route>
      </Switch>
    </OccasionContext.Provider>
  );
}

/** A tab of one page: the page at its root, a 404 under it. */
function OnePage({ page }: { page: ComponentType }) {
  return (
    <Switch>
      <Route path="/" component={page} />
      <Route component={NoMatch} />
    </Switch>
  );
}

/** Each tab's content (the guest and household tabs route their own pages). */
const SECTIONS: Record<Section, ReactNode> = {
  '': <OverviewPage />,
  '/schedule': <OnePage page={SchedulePage} />,
  '/guests': <GuestsRoutes />,
  '/households': <HouseholdsRoutes />,
  '/questions': <OnePage page={QuestionsPage} />,
  '/replies': <OnePage page={RepliesPage} />,
  '/seating': <SeatingRoutes />,
  '/emails': <OnePage page={EmailPage} />,
  '/door': <OnePage page={DoorPage} />,
  '/people': <OnePage page={PeoplePage} />,
  '/webhooks': <OnePage page={WebhooksPage} />,
  '/edit': <OnePage page={EditPage} />,
};

/** An area's page inside the frame, loaded on demand. */
function Area({ section, children }: { section: Section; children: ReactNode }) {
  return (
    <OccasionFrame section={section}>
      <Suspense fallback={<Loading />}>{children}</Suspense>
    </OccasionFrame>
  );
}

type Section = OccasionSection;

/** The occasion's title and its tabs above each of its pages. */
function OccasionFrame({ section, children }: { section: Section; children: ReactNode }) {
  const occasion = useOccasion();
  return (
    <main className="page" id="main">
      <p className="breadcrumb no-print">
        <Link href="~/occasions">Occasions</Link> / <span>{occasion.title}</span>
      </p>
      <nav aria-label="Occasion" className="no-print">
        <ul className="tabs">
          {OCCASION_TABS.filter((tab) => roleCan(occasion.role, tab.needs)).map((tab) => {
            const href = `~/occasion/${occasion.id}${tab.path}`;
            const current = tab.path === section;
            return (
              <li key={tab.path}>
                <Link href={href} aria-current={current ? 'page' : undefined}>
                  {tab.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      {children}
    </main>
  );
}
