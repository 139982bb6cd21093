import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import type { Activity } from '../../core/schemas/activity';
import type { AttributeCategory } from '../../core/schemas/attribute-category';
import type { Guest } from '../../core/schemas/guest';
import type { Household } from '../../core/schemas/household';
import type { GuestRow } from './guest-filters';

export const ROW_HEIGHT = 44;
/** A guest's card on a narrow screen (the stylesheet's `.glist` at `max-width: 640px`). */
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
 * The guest list as an ARIA table whose rows are virtualised (@tanstack/react-virtual): only the
 * rows in view (and two around them) are in the DOM, each placed absolutely at its offset with
 * its layout and paint contained, so a scroll lays out and paints the new rows alone, not a
 * whole table; the row elements are reused for the guests scrolled into view while it scrolls (`rowKeys`). On a narrow screen the stylesheet lays each row out as a card (whole names).
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
    // Two rows beyond the view: enough for a wheel or keyboard step, few to render per frame.
    overscan: 2,
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
  const keyOf = rowKeys(virtualizer.isScrolling && !scrollRef.current?.contains(document.activeElement), items.length);
  const selectedShown = useMemo(() => rows.reduce((count, row) => count + (selected.has(row.guest.id) ? 1 : 0), 0), [rows, selected]);

  return (
    <div className="vlist" ref={scrollRef} data-testid="guest-list">
      <div role="table" className="glist" aria-label="Guests" aria-rowcount={rows.length + 1}>
        <div role="rowgroup" className="glist__head">
          <div role="row" aria-rowindex={1} className="glist__row">
            <div role="columnheader" className="col-check">
              <SelectAll
                checked={rows.length > 0 && selectedShown === rows.length}
                indeterminate={selectedShown > 0 && selectedShown < rows.length}
                disabled={rows.length === 0}
                onChange={props.onToggleAll}
              />
            </div>
            <div role="columnheader">Name</div>
            <div role="columnheader">Household</div>
            <div role="columnheader">Contact</div>
            <div role="columnheader">Attributes</div>
            <div role="columnheader">Invitations</div>
            <div role="columnheader">
              <span className="visually-hidden">Actions</span>
            </div>
          </div>
        </div>
        <div role="rowgroup" className="glist__body" style={{ height: virtualizer.getTotalSize() }}>
          {items.map((item) => {
            const row = rows[item.index]!;
            return (
              <GuestTableRow
                key={keyOf(row.guest.id, item.index)}
                index={item.index}
                top={item.start}
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
        </div>
      </div>
    </div>
  );
}

/**
 * How rows are keyed. While the list scrolls (and holds no focus) by their place among the rows in
 * the DOM (index modulo their count): the rows that left the view are handed to the guests that
 * came into it, and React changes their text rather than removing a screenful of elements and
 * making new ones each frame. At rest, or with the focus in a row, by guest: a click, a dialog's
 * return of focus and the keyboard always find the same guest's element.
 */
function rowKeys(reuse: boolean, rowsInDom: number): (guestId: string, index: number) => string {
  return reuse ? (_guestId, index) => `place-${index % rowsInDom}` : (guestId) => guestId;
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

// Rows use native checkboxes and buttons and as few elements as they can: a fast scroll mounts
// a screenful of new rows every frame.
interface RowProps {
  index: number;
  /** The row's offset in the list, px. */
  top: number;
  guest: Guest;
  isSelected: boolean;
  household: Household | undefined;
  activities: readonly Activity[];
  categories: readonly AttributeCategory[];
  onToggle(guestId: string, selected: boolean): void;
  onEdit(guest: Guest): void;
}

const GuestTableRow = memo(function GuestTableRow({ index, top, guest, isSelected, household, activities, categories, onToggle, onEdit }: RowProps) {
  const name = `${guest.firstName} ${guest.lastName}`.trim();
  const answers = invitationTexts(guest, activities);
  const attributes = categories.flatMap((category) => (guest.attributes[category.id] ?? []).map((value) => ({ category, value })));
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      data-selected={isSelected || undefined}
      data-guest-id={guest.id}
      className="glist__row guest-row"
      style={{ transform: `translateY(${top}px)` }}
    >
      <div role="cell" className="col-check">
        <input type="checkbox" className="row-check" aria-label={`Select ${name}`} checked={isSelected} onChange={(event) => onToggle(guest.id, event.currentTarget.checked)} />
      </div>
      <div role="cell" title={name} className="col-name">
        <span className="guest-name">{name}</span>
        {guest.ageGroup !== 'ADULT' ? <span className="pill">{guest.ageGroup === 'CHILD' ? 'Child' : 'Infant'}</span> : null}
      </div>
      <div role="cell" title={household?.name} className="col-household">
        {household?.name ?? <span className="muted">—</span>}
      </div>
      <div role="cell" title={guest.email || guest.phone} className="col-contact">
        {guest.email || guest.phone || <span className="muted">—</span>}
      </div>
      <div role="cell" className="col-attributes">
        {attributes.map(({ category, value }) => (
          <span className="pill" key={`${category.id}=${value}`}>
            {category.options.find((option) => option.value === value)?.text ?? value}
          </span>
        ))}
      </div>
      <div role="cell" className="col-invitations" title={answers.map((answer) => answer.text).join('\n') || undefined}>
        {answers.length === 0 ? (
          <span className="muted small">Not invited</span>
        ) : (
          <>
            {/* Compact: the activity's first word and a mark; the whole answers for screen readers and on hover. */}
            {answers.map((answer) => (
              <span key={answer.activityId} className={`pill pill--${answer.response}`} aria-hidden="true">
                {answer.short}
              </span>
            ))}
            <span className="visually-hidden">{answers.map((answer) => answer.text).join('; ')}</span>
          </>
        )}
      </div>
      <div role="cell" className="col-actions">
        <button type="button" className="button button--small" onClick={() => onEdit(guest)} aria-label={`Edit ${name}`}>
          Edit
        </button>
      </div>
    </div>
  );
});

/** A guest's invitations in the occasion's activity order: `Welcome ✓` and `Welcome dinner: Attending`. */
function invitationTexts(guest: Guest, activities: readonly Activity[]) {
  return activities.flatMap((activity) => {
    const invitation = guest.invitations.find((candidate) => candidate.activityId === activity.id);
    if (!invitation) return [];
    const { response } = invitation;
    return [{ activityId: activity.id, response, short: `${shortName(activity.name)} ${RESPONSE_MARK[response]}`, text: `${activity.name}: ${RESPONSE_TEXT[response]}` }];
  });
}
