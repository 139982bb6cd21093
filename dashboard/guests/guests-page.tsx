import { lazy, memo, startTransition, Suspense, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'wouter';
import { errorMessage } from '../../core/client/result';
import type { Guest } from '../../core/schemas/guest';
import { downloadText, exportFileName } from '../csv/download';
import { formatCount, plural } from '../components/format';
import { useKindly } from '../data/kindly';
import { Empty, ErrorState, Loading } from '../components/states';
import { useCan, useOccasion } from '../occasion/occasion-context';
import { useReopenGuestForm } from './guest-to-reopen';
import { EMPTY_FILTERS, filterGuests, isFiltered, toRows, warmSearchKeys, type GuestFilters } from './guest-filters';
import { GuestTable } from './guest-table';
import { useOccasionData, type OccasionData, type OccasionDataState } from './occasion-data';

// What the first paint does not show is loaded after the rows are shown, not before: the filter
// bar (React Aria's pickers, the largest code of the screen), what a click opens, the CSV writer.
// The rows' first paint then needs React, the table and the data alone.
const loadFilterBar = () => import('./guest-filter-bar');
const loadBulkBar = () => import('./bulk-actions');
const loadGuestDialog = () => import('./guest-dialog');
const GuestFilterBar = lazy(() => loadFilterBar().then((module) => ({ default: module.GuestFilterBar })));
const BulkBar = lazy(() => loadBulkBar().then((module) => ({ default: module.BulkBar })));
const GuestDialog = lazy(() => loadGuestDialog().then((module) => ({ default: module.GuestDialog })));

/** `.../guests`: the guest list with search, filters, bulk actions, import and export. */
export default function GuestsPage() {
  const occasion = useOccasion();
  // The list's first page paints the first screen while the whole list downloads.
  const latest = useOccasionData(occasion.id, { waitForHouseholds: false, firstPage: true });
  // The lists arrive through store updates, which React renders in one go; deferring them makes
  // the first render of 10,000 guests a background render that yields to the browser.
  const deferred = useDeferredValue(latest);
  // The first page is rendered at once, not deferred: a background render waits for tasks the
  // whole list's parse leaves it, and the parse's `scheduler.yield()` continuations go before
  // React's (measured: deferred, the first page's rows came in the same frame as the whole list's). Fifty rows are cheap.
  // Once the whole list is in, the deferred value may still be the state from before the first
  // page (pending): the first page stays shown until then, so the list is never unmounted between
  // the two (its rows, their focus and the tools' state are kept).
  const firstPage = useRef<OccasionDataState | null>(null);
  if (latest.status === 'ready' && latest.partial) firstPage.current = latest;
  const state = latest.status === 'ready' && latest.partial ? latest : deferred.status === 'pending' && firstPage.current ? firstPage.current : deferred;
  return (
    <>
      <GuestsHead />
      {state.status === 'error' ? (
        <ErrorState error={state.error} what="the guest list" onRetry={state.retry} />
      ) : state.status === 'pending' ? (
        <Loading label="Loading the guest list…" />
      ) : (
        <GuestList data={state.data} householdsPending={state.householdsPending} partial={state.partial} />
      )}
    </>
  );
}

export function GuestsHead() {
  const canWrite = useCan('write');
  return (
    <div className="page-head">
      <h1>Guests</h1>
      <nav aria-label="Guest tools" className="row">
        <Link href="/" className="button button--small">
          List
        </Link>
        <Link href="/grid" className="button button--small">
          Invitation grid
        </Link>
        <Link href="/attributes" className="button button--small">
          Attributes
        </Link>
        {canWrite ? (
          <Link href="/import" className="button button--small">
            Import CSV
          </Link>
        ) : null}
      </nav>
    </div>
  );
}

/**
 * False for the first paint, then true: the rows are the page's content, so they are painted
 * before the filter pickers (which take longer to mount) are added in a background render.
 */
function useAfterFirstPaint(): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => {
    // What a click opens is asked for later, each in a task of its own: every chunk an import()
    // needs adds a preload link, a few milliseconds each at 4× CPU.
    const later: ReturnType<typeof setTimeout>[] = [];
    const frame = requestAnimationFrame(() => {
      startTransition(() => setAfter(true));
      // Not in the frame's callback: the links it adds delayed that frame's paint (~90 ms at 4×, profiled).
      later.push(setTimeout(() => void loadFilterBar(), 0));
      later.push(setTimeout(() => void loadBulkBar(), 300));
      later.push(setTimeout(() => void loadGuestDialog(), 400));
    });
    return () => {
      cancelAnimationFrame(frame);
      later.forEach(clearTimeout);
    };
  }, []);
  return after;
}

/** Add and export; memoised so that typing in the search box does not re-render them. */
const ListActions = memo(function ListActions({ onAdd, onExport, canExport, notice }: { onAdd(): void; onExport(): void; canExport: boolean; notice: string }) {
  const canWrite = useCan('write');
  return (
    <div className="row row--center" style={{ marginBottom: 12 }}>
      {canWrite ? (
        <button type="button" className="button button--primary" onClick={onAdd}>
          Add guest
        </button>
      ) : null}
      <button type="button" className="button" onClick={() => void onExport()} disabled={!canExport}>
        Export CSV
      </button>
      <span role="status" className="small muted">
        {notice}
      </span>
    </div>
  );
});

/** What the page says while only the list's first page is in. */
export const LOADING_ALL = 'Loading all guests…';

/**
 * The list, its tools and its dialog. `partial`: `data.guests` is the list's first page (the same
 * guests, in the same order, as the whole list's first), so the rows keep their keys when the
 * whole list replaces it; until then whatever needs every guest waits, saying so: the count, a
 * search or filter (no result is shown until it is the whole list's), select-all, bulk actions,
 * export, and the guest form (a click opens it once the list is in).
 */
function GuestList({ data, householdsPending, partial }: { data: OccasionData; householdsPending: boolean; partial: boolean }) {
  const showFilters = useAfterFirstPaint();
  const occasion = useOccasion();
  const canWrite = useCan('write');
  const [filters, setFilters] = useState<GuestFilters>(EMPTY_FILTERS);
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const [editing, setEditing] = useState<Guest | 'new' | null>(null);
  useReopenGuestForm(occasion.id, data.guests, setEditing, !partial);
  const [notice, setNotice] = useState('');

  const rows = useMemo(() => toRows(data.guests), [data.guests]);
  // The search keys are made after the rows are shown, in idle time.
  useEffect(() => (showFilters ? warmSearchKeys(rows) : undefined), [showFilters, rows]);
  const filtering = isFiltered(filters);
  // A search or filter over the first page would be a partial answer: none is shown until the list is in.
  const shown = useMemo(() => (partial && filtering ? [] : filterGuests(rows, filters)), [rows, filters, partial, filtering]);
  const households = useMemo(() => new Map(data.households.map((household) => [household.id, household])), [data.households]);
  // Guests by id only once some are selected: a map of 10,000 is ~15 ms at 4x in the render that shows the rows.
  const anySelected = selected.size > 0;
  const byId = useMemo(() => (anySelected ? new Map(data.guests.map((guest) => [guest.id, guest])) : undefined), [data.guests, anySelected]);
  const selectedGuests = useMemo(() => (byId ? [...selected].map((id) => byId.get(id)).filter((guest): guest is Guest => !!guest) : []), [selected, byId]);

  const onToggle = useCallback((guestId: string, isSelected: boolean) => {
    setSelected((current) => {
      const next = new Set(current);
      if (isSelected) next.add(guestId);
      else next.delete(guestId);
      return next;
    });
  }, []);
  const onToggleAll = useCallback(
    (isSelected: boolean) => {
      if (partial) return;
      setSelected((current) => {
        const next = new Set(current);
        for (const row of shown) {
          if (isSelected) next.add(row.guest.id);
          else next.delete(row.guest.id);
        }
        return next;
      });
    },
    [shown, partial],
  );
  const onEdit = useCallback((guest: Guest) => setEditing(guest), []);

  const onAdd = useCallback(() => setEditing('new'), []);
  const { client } = useKindly();
  const onExport = useCallback(async () => {
    // Asked now, not from the cache: guests write replies and answers, which the host's cache never hears of;
    // the questions and their answers become columns.
    const [replies, questions, answers, { exportGuestsCsv }] = await Promise.all([
      client.listReplies(occasion.id),
      client.listQuestions(occasion.id),
      client.listAnswers(occasion.id),
      import('../csv/guest-export'),
    ]);
    downloadText(
      exportFileName(occasion.title),
      exportGuestsCsv({ ...data, replies: replies.data ?? [], questions: questions.data ?? [], answers: answers.data ?? [] }),
    );
    const failed = replies.error ?? questions.error ?? answers.error;
    setNotice(
      failed
        ? `Exported ${plural(data.guests.length, 'guest')}, without some columns: ${errorMessage(failed)}`
        : `Exported ${plural(data.guests.length, 'guest')}.`,
    );
  }, [client, occasion.id, occasion.title, data]);

  return (
    <>
      <ListActions onAdd={onAdd} onExport={onExport} canExport={!partial && data.guests.length > 0} notice={notice} />
      {data.guests.length === 0 ? (
        <Empty title="No guests yet">
          <p>
            Add guests one by one, or <Link href="/import">import a spreadsheet</Link> from Kindly or another planner.
          </p>
        </Empty>
      ) : (
        <>
          {showFilters ? (
            <Suspense fallback={<div className="toolbar-placeholder" aria-hidden="true" />}>
              <GuestFilterBar data={data} filters={filters} onChange={setFilters} />
            </Suspense>
          ) : (
            <div className="toolbar-placeholder" aria-hidden="true" />
          )}
          {selectedGuests.length > 0 && !partial && canWrite ? (
            <Suspense fallback={null}>
              <BulkBar
                occasionId={occasion.id}
                data={data}
                selected={selectedGuests}
                onClear={() => setSelected(new Set())}
                onDone={(message) => {
                  setNotice(message);
                  setSelected(new Set());
                }}
              />
            </Suspense>
          ) : null}
          <p className="small muted" role="status" aria-live="polite" aria-busy={partial} data-testid="guest-count">
            {partial ? LOADING_ALL : shown.length === rows.length ? `${plural(rows.length, 'guest')}` : `Showing ${formatCount(shown.length)} of ${plural(rows.length, 'guest')}`}
          </p>
          {partial && filtering ? (
            <div className="state state--loading" aria-hidden="true" data-testid="filter-waits">
              <span className="spinner" />
              {LOADING_ALL}
            </div>
          ) : shown.length === 0 ? (
            <Empty title="No guest matches">
              <p>Try another name, or reset the filters.</p>
            </Empty>
          ) : (
            <GuestTable
              rows={shown}
              households={households}
              householdsPending={householdsPending}
              activities={data.activities}
              categories={data.categories}
              selected={selected}
              selectAllDisabled={partial}
              onToggle={onToggle}
              onToggleAll={onToggleAll}
              onEdit={onEdit}
            />
          )}
          {partial && !filtering ? (
            // Past the first page's rows: the rest is on its way (the status above says so to screen readers).
            <p className="small muted" aria-hidden="true" data-testid="first-page-end">
              {LOADING_ALL}
            </p>
          ) : null}
        </>
      )}
      {editing && !partial ? (
        <Suspense fallback={null}>
          <GuestDialog
            occasionId={occasion.id}
            // A guest clicked on the first page is opened as the whole list has it.
            guest={editing === 'new' ? undefined : (data.guests.find((guest) => guest.id === editing.id) ?? editing)}
            data={data}
            onClose={() => setEditing(null)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
