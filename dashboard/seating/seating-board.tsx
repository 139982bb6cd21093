import {
  closestCenter,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import { useMemo, useRef, useState } from 'react';
import { Button } from 'react-aria-components';
import type { SeatingTable } from '../../core/schemas/seating';
import { TABLE_SHAPE_NAMES } from '../../core/schemas/seating';
import { SelectField } from '../components/select-field';
import { SeatMenu } from './seat-menu';
import { attributeOptions, filterGuests, groupByHousehold, NONE, NO_MEAL, tableLabel, type GuestGroup, type SeatFilters, type SeatGuest, type TablePlan } from './seating-logic';
import type { SeatingView } from './seating-data';

/** What a drag carries: the guests it seats and how to name them. */
interface Carried {
  guestIds: string[];
  label: string;
}

/** What a drop target is: a table, or the unseated list. */
interface Target {
  tableId: string | null;
  label: string;
}

const UNSEATED = 'unseated';

export interface SeatingBoardProps {
  view: SeatingView;
  canWrite: boolean;
  /** Seats the guests at the table (null: unseats them). */
  seat(guestIds: string[], tableId: string | null, label: string): void;
  onEdit(table: SeatingTable): void;
  onDelete(table: SeatingTable): void;
}

/**
 * The unseated guests (filterable, grouped by household) beside the tables, with drag and drop
 * (pointer, or the keyboard: Space to pick up, arrows from target to target, Space to drop) and
 * a "Seat at…" menu on every guest and household.
 */
export function SeatingBoard({ view, canWrite, seat, onEdit, onDelete }: SeatingBoardProps) {
  const { plan, data, activity } = view;
  const [filters, setFilters] = useState<SeatFilters>({ householdId: '', attribute: '', meal: '' });
  const [carried, setCarried] = useState<Carried | null>(null);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: fromTargetToTarget }));
  const shown = useMemo(() => filterGuests(plan.unseated, filters), [plan.unseated, filters]);
  const groups = useMemo(() => groupByHousehold(shown), [shown]);
  const targets = useMemo(() => new Map<string, Target>([[UNSEATED, { tableId: null, label: 'the unseated guests' }], ...plan.tables.map(({ table }) => [`table:${table.id}`, { tableId: table.id, label: tableLabel(table) }] as const)]), [plan.tables]);
  const targetOf = (id: string | number | undefined) => (id === undefined ? undefined : targets.get(String(id)));

  // The first "over" comes at once after the pick-up and replaces its announcement: it says both.
  const picked = useRef(false);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      picked.current = true;
      return `Picked up ${carriedOf(active.data.current).label}. Arrow keys move from table to table, Space or Enter seats, Escape cancels.`;
    },
    onDragOver: ({ active, over }) => {
      const { label } = carriedOf(active.data.current);
      const first = picked.current ? `Picked up ${label}. ` : `${label}: `;
      picked.current = false;
      return over ? `${first}Over ${targetOf(over.id)?.label}.` : `${first}Over no table.`;
    },
    onDragEnd: ({ active, over }) => (over ? `${carriedOf(active.data.current).label} dropped at ${targetOf(over.id)?.label}.` : `${carriedOf(active.data.current).label} was put back.`),
    onDragCancel: ({ active }) => `Moving ${carriedOf(active.data.current).label} was cancelled.`,
  };

  function dragEnd({ active, over }: DragEndEvent) {
    setCarried(null);
    const target = targetOf(over?.id);
    if (!target) return;
    const { guestIds, label } = carriedOf(active.data.current);
    seat(guestIds, target.tableId, label);
  }

  const households = useMemo(() => data.households.map((household) => ({ value: household.id, text: household.name })), [data.households]);
  const tags = useMemo(() => attributeOptions(data.categories), [data.categories]);
  const meals = useMemo(() => [...activity.mealOptions.map((option) => ({ value: option.value, text: option.text })), { value: NONE, text: NO_MEAL }], [activity.mealOptions]);

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={pointerOrClosest}
      onDragStart={({ active }: DragStartEvent) => setCarried(carriedOf(active.data.current))}
      onDragEnd={dragEnd}
      onDragCancel={() => setCarried(null)}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable: 'Press Space or Enter to pick up. Arrow keys move from table to table and to the unseated list; Space or Enter seats there; Escape cancels. Or use the Seat at menu beside it.',
        },
      }}
    >
      <div className="seating">
        <UnseatedPanel count={plan.unseated.length} canWrite={canWrite}>
          <div className="seating-filters">
            <SelectField label="Household" options={households} value={filters.householdId} onChange={(householdId) => setFilters({ ...filters, householdId })} hideSelected={false} placeholder="Any household" />
            <SelectField label="Tag" options={tags} value={filters.attribute} onChange={(attribute) => setFilters({ ...filters, attribute })} hideSelected={false} placeholder="Any tag" />
            {activity.mealOptions.length > 0 ? (
              <SelectField label="Meal" options={meals} value={filters.meal} onChange={(meal) => setFilters({ ...filters, meal })} hideSelected={false} placeholder="Any meal" />
            ) : null}
          </div>
          {plan.unseated.length === 0 ? (
            <p className="muted small">{plan.attending === 0 ? 'Nobody attends this activity yet.' : 'Everyone attending has a seat.'}</p>
          ) : shown.length === 0 ? (
            <p className="muted small">No unseated guest matches the filters.</p>
          ) : (
            <ul className="seat-groups" aria-label="Unseated guests by household">
              {groups.map((group) => (
                <Group key={group.key} group={group} tables={plan.tables} canWrite={canWrite} seat={seat} />
              ))}
            </ul>
          )}
        </UnseatedPanel>
        <section aria-labelledby="tables-heading" className="seating-tables">
          <h2 id="tables-heading">
            Tables <span className="small muted">({plan.seated} of {plan.attending} seated)</span>
          </h2>
          {plan.tables.length === 0 ? (
            <p className="muted">No tables yet.{canWrite ? ' Add one to start seating.' : ''}</p>
          ) : (
            <ul className="table-cards" aria-label="Tables">
              {plan.tables.map((tablePlan) => (
                <TableCard key={tablePlan.table.id} plan={tablePlan} tables={plan.tables} canWrite={canWrite} seat={seat} onEdit={onEdit} onDelete={onDelete} />
              ))}
            </ul>
          )}
        </section>
      </div>
      <DragOverlay dropAnimation={null}>{carried ? <div className="drag-overlay">{carried.label}</div> : null}</DragOverlay>
    </DndContext>
  );
}

const carriedOf = (data: unknown): Carried => (data as Carried | undefined) ?? { guestIds: [], label: 'the guest' };

/**
 * The pointer's target is the drop target under it, read from the page itself (the pointer's
 * coordinates are the window's, and the page's own hit test stays right while dnd-kit scrolls the
 * window near its edges, where rects measured at the start did not); the keyboard's, the target
 * nearest the carried chip.
 */
const pointerOrClosest: CollisionDetection = (args) => {
  const { pointerCoordinates, droppableContainers } = args;
  if (!pointerCoordinates) return closestCenter(args);
  const under = document.elementsFromPoint(pointerCoordinates.x, pointerCoordinates.y);
  const container = droppableContainers.find(({ node }) => node.current && under.some((element) => node.current!.contains(element)));
  return container ? [{ id: container.id, data: { droppableContainer: container, value: 0 } }] : [];
};

/**
 * The keyboard sensor's moves: each arrow key jumps to the next (→ ↓) or previous (← ↑) drop
 * target in reading order, so a keyboard user steps through the tables instead of nudging pixels.
 */
const fromTargetToTarget: KeyboardCoordinateGetter = (event, { context }) => {
  const forward = event.code === 'ArrowRight' || event.code === 'ArrowDown';
  if (!forward && event.code !== 'ArrowLeft' && event.code !== 'ArrowUp') return undefined;
  const { droppableRects, droppableContainers, over, collisionRect } = context;
  if (!collisionRect) return undefined;
  const targets = droppableContainers
    .getEnabled()
    .flatMap((container) => {
      const rect = droppableRects.get(container.id);
      return rect ? [{ id: container.id, rect }] : [];
    })
    .sort((a, b) => a.rect.top - b.rect.top || a.rect.left - b.rect.left);
  if (targets.length === 0) return undefined;
  event.preventDefault();
  const at = targets.findIndex((target) => target.id === over?.id);
  const next = at === -1 ? (forward ? 0 : targets.length - 1) : (at + (forward ? 1 : -1) + targets.length) % targets.length;
  const { rect } = targets[next]!;
  return { x: rect.left + rect.width / 2 - collisionRect.width / 2, y: rect.top + Math.min(rect.height / 2, 40) - collisionRect.height / 2 };
};

/** The unseated list: also a drop target, where a seated guest goes to lose their seat. */
function UnseatedPanel({ count, canWrite, children }: { count: number; canWrite: boolean; children: React.ReactNode }) {
  const { setNodeRef, isOver } = useDroppable({ id: UNSEATED });
  return (
    // It scrolls on its own beside the tables: without buttons (a reader's view) it takes the focus itself, for the arrow keys.
    <section ref={setNodeRef} className={`card seating-unseated${isOver ? ' drop--over' : ''}`} aria-labelledby="unseated-heading" tabIndex={canWrite ? undefined : 0}>
      <h2 id="unseated-heading">
        Unseated <span className="small muted">({count})</span>
      </h2>
      {children}
    </section>
  );
}

interface SeatProps {
  tables: readonly TablePlan[];
  canWrite: boolean;
  seat: SeatingBoardProps['seat'];
}

/** A household's unseated guests, draggable as one; a guest without a household alone. */
function Group({ group, tables, canWrite, seat }: SeatProps & { group: GuestGroup }) {
  if (!group.household) return <GuestChip guest={group.guests[0]!} tables={tables} canWrite={canWrite} seat={seat} />;
  return <HouseholdGroup group={group} name={group.household.name} tables={tables} canWrite={canWrite} seat={seat} />;
}

function HouseholdGroup({ group, name, tables, canWrite, seat }: SeatProps & { group: GuestGroup; name: string }) {
  const guestIds = group.guests.map((guest) => guest.guest.id);
  const label = `the ${name} household (${guestIds.length})`;
  const { setNodeRef, setActivatorNodeRef, listeners, attributes, isDragging } = useDraggable({ id: `household:${group.key}`, data: { guestIds, label }, disabled: !canWrite });
  return (
    <li ref={setNodeRef} className={`seat-group${isDragging ? ' is-dragging' : ''}`}>
      <div className="seat-group__head">
        {canWrite ? <DragHandle label={`Drag ${label}`} handleRef={setActivatorNodeRef} listeners={listeners} attributes={attributes} /> : null}
        <strong className="seat-group__name">{name}</strong>
        <span className="small muted">{guestIds.length}</span>
        {canWrite && tables.length > 0 ? <SeatMenu who={label} tables={tables} currentTableId={null} onSeat={(tableId) => seat(guestIds, tableId, label)} /> : null}
      </div>
      <ul className="seat-guests">
        {group.guests.map((guest) => (
          <GuestChip key={guest.guest.id} guest={guest} tables={tables} canWrite={canWrite} seat={seat} />
        ))}
      </ul>
    </li>
  );
}

/** One guest: a drag handle, the name, meal and dietary note, and the "Seat at…" menu. */
function GuestChip({ guest, tables, canWrite, seat }: SeatProps & { guest: SeatGuest }) {
  const data: Carried = { guestIds: [guest.guest.id], label: guest.name };
  const { setNodeRef, setActivatorNodeRef, listeners, attributes, isDragging } = useDraggable({ id: `guest:${guest.guest.id}`, data, disabled: !canWrite });
  const notes = guest.guest.dietaryNotes.trim();
  return (
    <li ref={setNodeRef} className={`seat-guest${isDragging ? ' is-dragging' : ''}`} data-guest-id={guest.guest.id}>
      {canWrite ? <DragHandle label={`Drag ${guest.name}`} handleRef={setActivatorNodeRef} listeners={listeners} attributes={attributes} /> : null}
      <span className="seat-guest__name">{guest.name}</span>
      {guest.guest.plusOneOf ? <span className="pill">plus-one</span> : null}
      {guest.meal ? <span className="pill">{guest.meal}</span> : null}
      {notes ? <span className="pill pill--diet">{notes}</span> : null}
      {canWrite && (tables.length > 0 || guest.tableId) ? <SeatMenu who={guest.name} tables={tables} currentTableId={guest.tableId} onSeat={(tableId) => seat(data.guestIds, tableId, guest.name)} /> : null}
    </li>
  );
}

type Draggable = ReturnType<typeof useDraggable>;

function DragHandle({ label, handleRef, listeners, attributes }: { label: string; handleRef: Draggable['setActivatorNodeRef']; listeners: Draggable['listeners']; attributes: Draggable['attributes'] }) {
  return (
    <button type="button" ref={handleRef} className="drag-handle" {...attributes} {...listeners} aria-label={label}>
      <span aria-hidden="true">⠿</span>
    </button>
  );
}

/** A table: its guests, seated/capacity (over-full marked), meals and dietary notes; a drop target. */
function TableCard({ plan, tables, canWrite, seat, onEdit, onDelete }: SeatProps & { plan: TablePlan; onEdit(table: SeatingTable): void; onDelete(table: SeatingTable): void }) {
  const { table, guests, overFull, meals, dietary } = plan;
  const { setNodeRef, isOver } = useDroppable({ id: `table:${table.id}` });
  const label = tableLabel(table);
  const headingId = `table-${table.id}`;
  return (
    <li ref={setNodeRef} className={`table-card${isOver ? ' drop--over' : ''}${overFull ? ' table-card--full' : ''}`} aria-labelledby={headingId} data-table-number={table.number}>
      <div className="table-card__head">
        <h3 id={headingId}>{label}</h3>
        <span className={`table-card__count${overFull ? ' is-over' : ''}`}>
          {guests.length}/{table.capacity}
          {overFull ? <span className="visually-hidden"> (over-full)</span> : null}
        </span>
      </div>
      <p className="small muted">
        {TABLE_SHAPE_NAMES[table.shape]} · {table.capacity} seats{overFull ? <strong className="over-text"> · {guests.length - table.capacity} over</strong> : null}
      </p>
      {guests.length === 0 ? (
        <p className="small muted">Nobody seated yet.</p>
      ) : (
        <ul className="seat-guests" aria-label={`Guests at ${label}`}>
          {guests.map((guest) => (
            <GuestChip key={guest.guest.id} guest={guest} tables={tables} canWrite={canWrite} seat={seat} />
          ))}
        </ul>
      )}
      {meals.length > 0 && (meals.length > 1 || meals[0]!.meal !== NO_MEAL) ? (
        <p className="small table-card__meals" aria-label={`Meals at ${label}`}>
          {meals.map(({ meal, count }) => `${meal} ${count}`).join(' · ')}
        </p>
      ) : null}
      {dietary.length > 0 ? (
        <ul className="small table-card__dietary" aria-label={`Dietary notes at ${label}`}>
          {dietary.map(({ name, notes }, at) => (
            <li key={at}>
              {name}: {notes}
            </li>
          ))}
        </ul>
      ) : null}
      {canWrite ? (
        <div className="row row--center">
          <Button className="button button--small" onPress={() => onEdit(table)} aria-label={`Edit table ${table.number}`}>
            Edit
          </Button>
          <Button className="button button--small" onPress={() => onDelete(table)} aria-label={`Delete table ${table.number}`}>
            Delete
          </Button>
        </div>
      ) : null}
    </li>
  );
}
