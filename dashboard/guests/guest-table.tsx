import { useVirtualizer, type Range, type Virtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useContext, useEffect, useMemo, useRef, useSyncExternalStore, type PointerEvent } from 'react';
import { roleCan } from '../../core/schemas/people';
import { OccasionContext } from '../occasion/occasion-context';
import type { Activity } from '../../core/schemas/activity';
import type { AttributeCategory } from '../../core/schemas/attribute-category';
import type { Guest } from '../../core/schemas/guest';
import type { Household } from '../../core/schemas/household';
import type { GuestRow } from './guest-filters';
import { useScrollElementAfterPaint } from '../components/scroll-element-after-paint';

type ScrollDirection = NonNullable<Virtualizer<HTMLDivElement, Element>['scrollDirection']>;

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

/** How many of `rows` are in `selected`. */
export function countSelected(rows: readonly GuestRow[], selected: ReadonlySet<string>): number {
  if (selected.size === 0) return 0;
  let count = 0;
  for (const row of rows) if (selected.has(row.guest.id)) count += 1;
  return count;
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
  /** Select-all waits (the rows are the list's first page only). */
  selectAllDisabled?: boolean;
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
  const direction = useRef<ScrollDirection | null>(null);
  const lastStart = useRef(0);
  const jumping = useRef(false);
  const virtualizer = useVirtualizer({
    count: rows.length,
    ...useScrollElementAfterPaint(scrollRef),
    estimateSize: () => rowHeight,
    // Two rows beyond the view: enough for a wheel or keyboard step, few to render per frame.
    overscan: 2,
    rangeExtractor: useCallback((range: Range) => {
      // A step longer than the view (a drag of the scroll bar) never shows the rows ahead before the next one.
      const jumped = Math.abs(range.startIndex - lastStart.current) > range.endIndex - range.startIndex;
      lastStart.current = range.startIndex;
      jumping.current = jumped;
      return aheadOnly(range, direction.current, jumped);
    }, []),
    initialRect: listRect(),
  });
  direction.current = virtualizer.isScrolling ? virtualizer.scrollDirection : null;
  // The card layout's rows are taller: measure again when the screen crosses the breakpoint.
  const measuredHeight = useRef(rowHeight);
  useEffect(() => {
    if (measuredHeight.current === rowHeight) return;
    measuredHeight.current = rowHeight;
    virtualizer.measure();
  }, [virtualizer, rowHeight]);
  const items = virtualizer.getVirtualItems();
  const focusOutside = !scrollRef.current?.contains(document.activeElement);
  const keyOf = rowKeys(virtualizer.isScrolling && focusOutside, items.length);
  // While the scroll bar is dragged faster than a view a frame, rows show names only (see GuestNameRow).
  const light = virtualizer.isScrolling && jumping.current && focusOutside;
  // Nothing selected (as the list loads) needs no pass over the rows: 42 ms for 10,000 at 4× CPU, profiled.
  const selectedShown = useMemo(() => countSelected(rows, selected), [rows, selected]);

  return (
    <div className="vlist" ref={scrollRef} data-testid="guest-list" onPointerOver={titleOnHover}>
      <div role="table" className="glist" aria-label="Guests" aria-rowcount={rows.length + 1}>
        <div role="rowgroup" className="glist__head">
          <div role="row" aria-rowindex={1} className="glist__row">
            <div role="columnheader" className="col-check">
              <SelectAll
                checked={rows.length > 0 && selectedShown === rows.length}
                indeterminate={selectedShown > 0 && selectedShown < rows.length}
                disabled={rows.length === 0 || !!props.selectAllDisabled}
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
            if (light) return <GuestNameRow key={keyOf(row.guest.id, item.index)} index={item.index} top={item.start} guest={row.guest} />;
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
 * The rows to render: those in view, and the overscan on both sides at rest but only ahead while
 * the list scrolls (the rows behind are leaving the view), and none ahead after a step longer than
 * the view (`jumped`: the next step will not show them either). A fast scroll renders every row
 * anew each frame: each row fewer is a sixteenth less work per frame.
 */
export function aheadOnly({ startIndex, endIndex, overscan, count }: Range, direction: ScrollDirection | null, jumped = false): number[] {
  const ahead = jumped ? 0 : overscan;
  const first = Math.max(0, startIndex - (direction === 'forward' ? 0 : direction === 'backward' ? ahead : overscan));
  const last = Math.min(count - 1, endIndex + (direction === 'backward' ? 0 : direction === 'forward' ? ahead : overscan));
  const indexes: number[] = [];
  for (let index = first; index <= last; index++) indexes.push(index);
  return indexes;
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
  const occasion = useContext(OccasionContext);
  const canWrite = !occasion || roleCan(occasion.role, 'write');
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
      <div role="cell" className="col-name">
        <span className="guest-name">{name}</span>
        {guest.ageGroup !== 'ADULT' ? <span className="pill">{guest.ageGroup === 'CHILD' ? 'Child' : 'Infant'}</span> : null}
      </div>
      <div role="cell" className="col-household">
        {household?.name ?? <span className="muted">—</span>}
      </div>
      <div role="cell" className="col-contact">
        {guest.email || guest.phone || <span className="muted">—</span>}
      </div>
      <div role="cell" className="col-attributes">
        {attributes.map(({ category, value }, at) => (
          // Keyed by place: the next guest's pills take over these elements' text.
          <span className="pill" key={at}>
            {category.options.find((option) => option.value === value)?.text ?? value}
          </span>
        ))}
      </div>
      <div role="cell" className="col-invitations">
        {answers.length === 0 ? (
          <span className="muted small">Not invited</span>
        ) : (
          // Compact: the activity's first word and a mark, each named by its whole answer (read by
          // screen readers, and on hover). Not a hidden text beside them: that text, laid out and
          // clipped in every row a scroll brings in, was a sixth of a scroll frame's work.
          answers.map((answer) => (
            <span key={answer.activityId} role="img" aria-label={answer.text} className={`pill pill--${answer.response}`}>
              {answer.short}
            </span>
          ))
        )}
      </div>
      <div role="cell" className="col-actions">
        <button type="button" className="button button--small" onClick={() => onEdit(guest)} aria-label={`${canWrite ? 'Edit' : 'View'} ${name}`}>
          {canWrite ? 'Edit' : 'View'}
        </button>
      </div>
    </div>
  );
});

/**
 * A cell's whole text on hover, as its `title`, when it is cut short (and the invitations' whole
 * answers, one a line): set when the pointer comes, not rendered with every row, since a scroll
 * renders a screenful of rows each frame.
 */
function titleOnHover(event: PointerEvent<HTMLElement>): void {
  const cell = (event.target as Element).closest<HTMLElement>('.glist__body [role=cell]');
  if (!cell || cell.classList.contains('col-check') || cell.classList.contains('col-actions')) return;
  const answers = cell.classList.contains('col-invitations') ? [...cell.querySelectorAll('[aria-label]')].map((pill) => pill.getAttribute('aria-label')) : [];
  const text = answers.length > 0 ? answers.join('\n') : cell.scrollWidth > cell.clientWidth ? (cell.textContent ?? '') : '';
  if (text) cell.title = text;
  else cell.removeAttribute('title');
}

/**
 * A guest's row with the name alone, for the frames of a scroll that moves more than a view at
 * each step (a drag of the scroll bar): each such frame shows only rows not seen before, which
 * no one reads but by name, and a whole row costs about as much as a frame has (at 4x CPU a
 * screenful of whole rows took ~22 ms a frame, names alone ~12 ms). The whole rows come with the
 * first step shorter than the view, or when the scroll stops. Never while the focus is in the list.
 */
const GuestNameRow = memo(function GuestNameRow({ index, top, guest }: { index: number; top: number; guest: Guest }) {
  return (
    <div role="row" aria-rowindex={index + 2} data-guest-id={guest.id} className="glist__row guest-row" style={{ transform: `translateY(${top}px)` }}>
      <div role="cell" className="col-check" />
      <div role="cell" className="col-name">
        <span className="guest-name">{`${guest.firstName} ${guest.lastName}`.trim()}</span>
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
