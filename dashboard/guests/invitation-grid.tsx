import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useMemo, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import type { Activity } from '../../core/schemas/activity';
import type { Guest } from '../../core/schemas/guest';
import type { InviteLinesBulkRow } from '../../core/schemas/invite-line';
import { ConfirmDialog } from '../components/dialog';
import { serverErrors } from '../components/form-errors';
import { plural } from '../components/format';
import { Empty, ErrorState, Loading } from '../components/states';
import { useKindly } from '../data/kindly';
import { useOccasion } from '../occasion/occasion-context';
import { nextCell, type GridCell } from './grid-keys';
import { GuestDialog } from './guest-dialog';
import { useReopenGuestForm } from './guest-to-reopen';
import { EMPTY_FILTERS, filterGuests, toRows, type GuestFilters, type GuestRow } from './guest-filters';
import { GuestFilterBar } from './guest-filter-bar';
import { GuestsHead } from './guests-page';
import { listRect, RESPONSE_TEXT, ROW_HEIGHT } from './guest-table';
import { useOccasionData, type OccasionData } from './occasion-data';
import { useScrollElementAfterPaint } from '../components/scroll-element-after-paint';

/** `.../guests/grid`: guests by activities, each cell the guest's answer (and meal). */
export default function InvitationGridPage() {
  const occasion = useOccasion();
  const state = useOccasionData(occasion.id);
  return (
    <>
      <GuestsHead />
      {state.status === 'error' ? (
        <ErrorState error={state.error} what="the invitations" onRetry={state.retry} />
      ) : state.status === 'pending' ? (
        <Loading label="Loading the invitations…" />
      ) : state.data.activities.length === 0 ? (
        <Empty title="No activities yet">
          <p>Add activities to the schedule to invite guests to them.</p>
        </Empty>
      ) : (
        <Grid data={state.data} />
      )}
    </>
  );
}

/** A cell's toggle: invite (no answer yet) where there is no line, uninvite where there is. */
export function cellToggle(guest: Guest, activityId: string): InviteLinesBulkRow {
  const invited = guest.invitations.some((invitation) => invitation.activityId === activityId);
  return invited ? { guestId: guest.id, activityId, invited: false } : { guestId: guest.id, activityId, invited: true, response: 'PENDING' };
}

/** The `data-cell` of a cell, to focus it once it is rendered. */
const cellKey = (row: number, col: number) => `${row}:${col}`;

function Grid({ data }: { data: OccasionData }) {
  const occasion = useOccasion();
  const kindly = useKindly();
  const [filters, setFilters] = useState<GuestFilters>(EMPTY_FILTERS);
  const [editing, setEditing] = useState<Guest | null>(null);
  useReopenGuestForm(occasion.id, data.guests, (guest) => guest !== 'new' && setEditing(guest));
  const [active, setActive] = useState<GridCell>({ row: 0, col: 1 });
  const [saving, setSaving] = useState<ReadonlySet<string>>(() => new Set());
  const [confirming, setConfirming] = useState<{ guest: Guest; activity: Activity } | null>(null);
  const [notice, setNotice] = useState('');
  /** Cells whose last write failed (`guestId activityId` → why): the cell says so, where the host is. */
  const [failed, setFailed] = useState<ReadonlyMap<string, string>>(() => new Map());
  const rows = useMemo(() => toRows(data.guests), [data.guests]);
  const shown = useMemo(() => filterGuests(rows, filters), [rows, filters]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const focusWanted = useRef(false);
  const virtualizer = useVirtualizer({
    count: shown.length,
    ...useScrollElementAfterPaint(scrollRef),
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    initialRect: listRect(),
  });
  const items = virtualizer.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0);
  const columns = data.activities.length + 1;
  const current = { row: Math.min(active.row, Math.max(shown.length - 1, 0)), col: Math.min(active.col, columns - 1) };

  // The Tab stop: the active cell, or the same column of the first row shown when it is scrolled away.
  const tabRow = items.some((item) => item.index === current.row) ? current.row : (items[0]?.index ?? 0);

  // After a key moved the focus, focus the cell once its row is rendered.
  useEffect(() => {
    if (!focusWanted.current) return;
    const cell = scrollRef.current?.querySelector<HTMLElement>(`[data-cell="${cellKey(current.row, current.col)}"]`);
    if (cell) {
      cell.focus();
      focusWanted.current = false;
    }
  });

  const write = useCallback(
    async (guest: Guest, activity: Activity) => {
      const line = cellToggle(guest, activity.id);
      const key = `${guest.id} ${activity.id}`;
      setSaving((now) => new Set(now).add(key));
      setFailed((now) => {
        if (!now.has(key)) return now;
        const next = new Map(now);
        next.delete(key);
        return next;
      });
      const name = `${guest.firstName} ${guest.lastName}`.trim();
      const result = await kindly.stores.$updateInviteLines.mutate({ occasionId: occasion.id, body: { lines: [line] } });
      setSaving((now) => {
        const next = new Set(now);
        next.delete(key);
        return next;
      });
      if (result.error) {
        const why = serverErrors(result.error).message;
        setFailed((now) => new Map(now).set(key, why));
        setNotice(`${name} could not be ${line.invited ? 'invited to' : 'uninvited from'} ${activity.name}: ${why}`);
      } else setNotice(`${name} ${line.invited ? 'invited to' : 'uninvited from'} ${activity.name}.`);
    },
    [kindly, occasion.id],
  );

  const toggle = useCallback(
    (row: number, col: number) => {
      const guest = shown[row]?.guest;
      const activity = data.activities[col - 1];
      if (!guest || !activity) return;
      setActive({ row, col });
      if (saving.has(`${guest.id} ${activity.id}`)) return;
      const invitation = guest.invitations.find((entry) => entry.activityId === activity.id);
      // Uninviting loses an answer: ask first.
      if (invitation && invitation.response !== 'PENDING') setConfirming({ guest, activity });
      else void write(guest, activity);
    },
    [shown, data.activities, saving, write],
  );

  function onKeyDown(event: KeyboardEvent<HTMLTableSectionElement>) {
    const target = (event.target as HTMLElement).closest<HTMLElement>('[data-cell]');
    if (!target) return;
    const [row, col] = target.dataset.cell!.split(':').map(Number) as [number, number];
    if ((event.key === ' ' || event.key === 'Enter') && col > 0) {
      event.preventDefault();
      toggle(row, col);
      return;
    }
    const pageRows = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? ROW_HEIGHT * 10) / ROW_HEIGHT) - 1);
    const next = nextCell({ row, col }, event.key, event.ctrlKey || event.metaKey, { rows: shown.length, cols: columns, pageRows });
    if (!next) return;
    event.preventDefault();
    setActive(next);
    focusWanted.current = true;
    virtualizer.scrollToIndex(next.row, { align: 'auto' });
  }

  return (
    <>
      <GuestFilterBar data={data} filters={filters} onChange={setFilters} />
      <p className="small muted" role="status" aria-live="polite">
        {plural(shown.length, 'guest')} by {plural(data.activities.length, 'activity', 'activities')}. Click a cell, or press Space on it, to invite
        or uninvite; arrow keys move between cells.
      </p>
      <p className="small" role={failed.size > 0 ? 'alert' : 'status'} aria-live={failed.size > 0 ? 'assertive' : 'polite'} data-testid="grid-notice">
        {notice}
      </p>
      <div className="vlist" ref={scrollRef}>
        <table
          className="vtable invitation-grid"
          role="grid"
          aria-label="Invitation grid"
          aria-rowcount={shown.length + 1}
          aria-colcount={columns}
          style={{ '--grid-activities': data.activities.length } as CSSProperties}
        >
          <thead>
            <tr aria-rowindex={1}>
              <th scope="col" style={{ width: '24%' }} aria-colindex={1}>
                Guest
              </th>
              {data.activities.map((activity, index) => (
                <th scope="col" key={activity.id} aria-colindex={index + 2}>
                  {activity.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody onKeyDown={onKeyDown}>
            {before > 0 ? (
              <tr className="spacer" aria-hidden="true">
                <td colSpan={columns} style={{ height: before }} />
              </tr>
            ) : null}
            {items.map((item) => {
              const row = shown[item.index]!;
              return (
                <GridRow
                  key={row.guest.id}
                  index={item.index}
                  row={row}
                  activities={data.activities}
                  activeCol={item.index === tabRow ? current.col : -1}
                  saving={saving}
                  failed={failed}
                  onEdit={setEditing}
                  onToggle={toggle}
                />
              );
            })}
            {after > 0 ? (
              <tr className="spacer" aria-hidden="true">
                <td colSpan={columns} style={{ height: after }} />
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
      {editing ? <GuestDialog occasionId={occasion.id} guest={editing} data={data} onClose={() => setEditing(null)} /> : null}
      {confirming ? (
        <ConfirmDialog
          title={`Uninvite ${`${confirming.guest.firstName} ${confirming.guest.lastName}`.trim()} from ${confirming.activity.name}?`}
          isOpen
          onOpenChange={(open) => !open && setConfirming(null)}
          confirmLabel="Uninvite"
          onConfirm={() => write(confirming.guest, confirming.activity)}
        >
          <p>Their answer is removed with the invitation.</p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}

interface GridRowProps {
  index: number;
  row: GuestRow;
  activities: readonly Activity[];
  /** The column that takes the Tab stop in this row, or -1 (roving tabindex). */
  activeCol: number;
  saving: ReadonlySet<string>;
  failed: ReadonlyMap<string, string>;
  onEdit(guest: Guest): void;
  onToggle(row: number, col: number): void;
}

const GridRow = memo(function GridRow({ index, row, activities, activeCol, saving, failed, onEdit, onToggle }: GridRowProps) {
  const { guest } = row;
  const name = `${guest.firstName} ${guest.lastName}`.trim();
  return (
    <tr aria-rowindex={index + 2} data-guest-id={guest.id}>
      <th scope="row" role="rowheader" aria-colindex={1} style={{ fontWeight: 500, textAlign: 'left', padding: '0 10px' }}>
        <button
          type="button"
          className="button button--quiet button--small"
          onClick={() => onEdit(guest)}
          aria-label={`Edit ${name}`}
          data-cell={cellKey(index, 0)}
          tabIndex={activeCol === 0 ? 0 : -1}
        >
          {name}
        </button>
      </th>
      {activities.map((activity, at) => {
        const col = at + 1;
        const invitation = guest.invitations.find((entry) => entry.activityId === activity.id);
        const meal = invitation?.mealChoice ? (activity.mealOptions.find((option) => option.value === invitation.mealChoice)?.text ?? invitation.mealChoice) : '';
        const busy = saving.has(`${guest.id} ${activity.id}`);
        const failure = failed.get(`${guest.id} ${activity.id}`);
        return (
          <td
            key={activity.id}
            role="gridcell"
            aria-colindex={col + 1}
            aria-busy={busy || undefined}
            aria-label={`${name}, ${activity.name}: ${invitation ? RESPONSE_TEXT[invitation.response] : 'Not invited'}${meal ? `, ${meal}` : ''}${failure ? `, Not saved: ${failure}` : ''}`}
            title={failure}
            data-response={invitation?.response}
            data-cell={cellKey(index, col)}
            tabIndex={activeCol === col ? 0 : -1}
            className="grid-cell"
            onClick={() => onToggle(index, col)}
          >
            {invitation ? (
              <>
                <span className={`pill pill--${invitation.response}`}>{RESPONSE_TEXT[invitation.response]}</span>
                {/* A space between the words: the cell's name says them, so its visible text must too (WCAG 2.5.3). */}
                {meal ? <>{' '}<span className="small">{meal}</span></> : null}
              </>
            ) : (
              <span className="pill pill--none">Not invited</span>
            )}
            {failure ? (
              <>
                {' '}
                <span className="cell-failure">Not saved</span>
              </>
            ) : null}
          </td>
        );
      })}
    </tr>
  );
});
