import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useEffect, useRef, useSyncExternalStore } from 'react';
import type { Activity } from '../../core/schemas/activity';
import type { AttributeCategory } from '../../core/schemas/attribute-category';
import type { Guest } from '../../core/schemas/guest';
import type { Household } from '../../core/schemas/household';
import type { GuestRow } from './guest-filters';

export const ROW_HEIGHT = 44;
/** A guest's card on a narrow screen (the stylesheet's `.vtable` at `max-width: 640px`). */
export const CARD_HEIGHT = 148;
/** Where the guest list turns into cards: keep in step with the stylesheet. */
const NARROW = '(max-width: 640px)';

function subscribeNarrow(onChange: () => void): () => void {
  const query = window.matchMedia(NARROW);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Whether the screen is narrow enough for the card layout (a phone). */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(
    subscribeNarrow,
    () => window.matchMedia(NARROW).matches,
    () => false,
  );
}

/**
 * The list's size before it is measured, from the stylesheet's `min(68vh, 760px)`: when it is
 * right, measuring the list does not render its rows a second time.
 */
export function listRect(): { width: number; height: number } {
  if (typeof window === 'undefined') return { width: 1000, height: 700 };
  return { width: Math.min(window.innerWidth, 1000), height: Math.min(window.innerHeight * 0.68, 760) };
}

/** Stands in for a household whose name is still loading. */
const LOADING = { name: '…' } as Household;

export const RESPONSE_TEXT = { PENDING: 'Pending', ATTENDING: 'Attending', DECLINED: 'Declined' } as const;
const RESPONSE_MARK = { PENDING: '?', ATTENDING: '✓', DECLINED: '✗' } as const;

/** `Welcome dinner` → `Welcome`: an activity's name in a narrow column. */
function shortName(name: string): string {
  const first = name.split(/\s+/)[0] ?? name;
  return first.length > 10 ? `${first.slice(0, 9)}…` : first;
}

export interface GuestTableProps {
  rows: readonly GuestRow[];
  households: ReadonlyMap<string, Household>;
  /** The households are still loading: their names show as … */
  householdsPending?: boolean;
  activities: readonly Activity[];
  categories: readonly AttributeCategory[];
  selected: ReadonlySet<string>;
  onToggle(guestId: string, selected: boolean): void;
  onToggleAll(selected: boolean): void;
  onEdit(guest: Guest): void;
}

/**
 * The guest list as a table whose rows are virtualised (@tanstack/react-virtual): only the rows
 * in view (and a few around them) are in the DOM, so 10,000 guests scroll and filter smoothly.
 * On a narrow screen the stylesheet lays each row out as a card (taller, whole names).
 */
export function GuestTable(props: GuestTableProps) {
  const { rows, selected } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const narrow = useNarrowScreen();
  const rowHeight = narrow ? CARD_HEIGHT : ROW_HEIGHT;
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 8,
    initialRect: listRect(),
  });
  // The card layout's rows are taller: measure again when the screen crosses the breakpoint.
  const measuredHeight = useRef(rowHeight);
  useEffect(() => {
    if (measuredHeight.current === rowHeight) return;
    measuredHeight.current = rowHeight;
    virtualizer.measure();
  }, [virtualizer, rowHeight]);
  const items = virtualizer.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0);
  const selectedShown = rows.reduce((count, row) => count + (selected.has(row.guest.id) ? 1 : 0), 0);
  const columns = 7;

  return (
    <div className="vlist" ref={scrollRef} data-testid="guest-list">
      <table className="vtable" aria-label="Guests" aria-rowcount={rows.length + 1}>
        <colgroup>
          <col style={{ width: 44 }} />
          <col style={{ width: '19%' }} />
          <col style={{ width: '17%' }} />
          <col style={{ width: '17%' }} />
          <col style={{ width: '13%' }} />
          <col />
          <col style={{ width: 72 }} />
        </colgroup>
        <thead>
          <tr aria-rowindex={1}>
            <th scope="col" className="col-check">
              <SelectAll
                checked={rows.length > 0 && selectedShown === rows.length}
                indeterminate={selectedShown > 0 && selectedShown < rows.length}
                disabled={rows.length === 0}
                onChange={props.onToggleAll}
              />
            </th>
            <th scope="col">Name</th>
            <th scope="col">Household</th>
            <th scope="col">Contact</th>
            <th scope="col">Attributes</th>
            <th scope="col">Invitations</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {before > 0 ? (
            <tr className="spacer" aria-hidden="true">
              <td colSpan={columns} style={{ height: before }} />
            </tr>
          ) : null}
          {items.map((item) => {
            const row = rows[item.index]!;
            return (
              <GuestTableRow
                key={row.guest.id}
                index={item.index}
                guest={row.guest}
                isSelected={selected.has(row.guest.id)}
                household={row.guest.householdId ? (props.households.get(row.guest.householdId) ?? (props.householdsPending ? LOADING : undefined)) : undefined}
                activities={props.activities}
                categories={props.categories}
                onToggle={props.onToggle}
                onEdit={props.onEdit}
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
  );
}

/** The header's "select every guest shown" box, which can be half-ticked. */
function SelectAll({ checked, indeterminate, disabled, onChange }: { checked: boolean; indeterminate: boolean; disabled: boolean; onChange(selected: boolean): void }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <label className="select-all">
      <input ref={ref} type="checkbox" className="row-check" checked={checked} disabled={disabled} onChange={(event) => onChange(event.currentTarget.checked)} />
      <span className="select-all__text">Select every guest shown</span>
    </label>
  );
}

// Rows use native checkboxes and buttons: dozens of them are mounted while scrolling, and they
// are accessible as they are.
interface RowProps {
  index: number;
  guest: Guest;
  isSelected: boolean;
  household: Household | undefined;
  activities: readonly Activity[];
  categories: readonly AttributeCategory[];
  onToggle(guestId: string, selected: boolean): void;
  onEdit(guest: Guest): void;
}

const GuestTableRow = memo(function GuestTableRow({ index, guest, isSelected, household, activities, categories, onToggle, onEdit }: RowProps) {
  const name = `${guest.firstName} ${guest.lastName}`.trim();
  const invitations = new Map(guest.invitations.map((invitation) => [invitation.activityId, invitation]));
  return (
    <tr aria-rowindex={index + 2} data-selected={isSelected || undefined} data-guest-id={guest.id} className="guest-row">
      <td className="col-check">
        <input
          type="checkbox"
          className="row-check"
          aria-label={`Select ${name}`}
          checked={isSelected}
          onChange={(event) => onToggle(guest.id, event.currentTarget.checked)}
        />
      </td>
      <td title={name} className="col-name">
        <span className="guest-name">{name}</span>
        {guest.ageGroup !== 'ADULT' ? <span className="pill">{guest.ageGroup === 'CHILD' ? 'Child' : 'Infant'}</span> : null}
      </td>
      <td title={household?.name} className="col-household">{household?.name ?? <span className="muted">—</span>}</td>
      <td title={guest.email || guest.phone} className="col-contact">{guest.email || guest.phone || <span className="muted">—</span>}</td>
      <td className="col-attributes">
        {categories.flatMap((category) =>
          (guest.attributes[category.id] ?? []).map((value) => (
            <span className="pill" key={`${category.id}=${value}`}>
              {category.options.find((option) => option.value === value)?.text ?? value}
            </span>
          )),
        )}
      </td>
      <td className="col-invitations">
        {activities.map((activity) => {
          const invitation = invitations.get(activity.id);
          if (!invitation) return null;
          // Compact: the activity's first word and a mark; the whole answer for screen readers and on hover.
          const text = `${activity.name}: ${RESPONSE_TEXT[invitation.response]}`;
          return (
            <span key={activity.id} className={`pill pill--${invitation.response}`} title={text}>
              <span aria-hidden="true">
                {shortName(activity.name)} {RESPONSE_MARK[invitation.response]}
              </span>
              <span className="visually-hidden">{text}</span>
            </span>
          );
        })}
        {invitations.size === 0 ? <span className="muted small">Not invited</span> : null}
      </td>
      <td className="col-actions">
        <button type="button" className="button button--small" onClick={() => onEdit(guest)} aria-label={`Edit ${name}`}>
          Edit
        </button>
      </td>
    </tr>
  );
});
