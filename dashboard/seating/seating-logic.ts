/**
 * The seating screen's reading of the data, without React: who attends the activity, who sits
 * where, what each table holds and serves, what needs the host's eye, and the rows of the print
 * view and the CSV. The screen, the print view and the export all read one {@link SeatingPlan}.
 */
import type { Activity } from '../../core/schemas/activity';
import type { AttributeCategory } from '../../core/schemas/attribute-category';
import type { Guest } from '../../core/schemas/guest';
import type { Household } from '../../core/schemas/household';
import type { Seating, SeatingTable } from '../../core/schemas/seating';

/** An attending guest as the seating shows them. */
export interface SeatGuest {
  guest: Guest;
  /** `First Last`. */
  name: string;
  household: Household | undefined;
  /** The meal's text, or '' when the guest chose none (or the activity asks none). */
  meal: string;
  /** The meal's value, for the filter. */
  mealValue: string | null;
  /** The guest's table, when seated. */
  tableId: string | null;
}

/** A meal and how many at a table chose it. */
export interface MealCount {
  meal: string;
  count: number;
}

/** One table with its guests and what the caterer needs to know. */
export interface TablePlan {
  table: SeatingTable;
  /** Seated guests by last name, then first name. */
  guests: SeatGuest[];
  /** More seated than seats. */
  overFull: boolean;
  /** The activity's meals in its order, then "No meal chosen"; only meals someone chose. */
  meals: MealCount[];
  /** Guests with dietary notes, by name. */
  dietary: { name: string; notes: string }[];
}

/** Unseated guests of one household (or one guest without a household). */
export interface GuestGroup {
  /** The household's id, or `guest:<id>` for a guest without one. */
  key: string;
  household: Household | undefined;
  guests: SeatGuest[];
}

/** A household whose seated members sit at more than one table. */
export interface SplitHousehold {
  household: Household;
  /** The tables' labels, by number. */
  tables: string[];
}

/** The whole seating of one activity, read for the screen. */
export interface SeatingPlan {
  tables: TablePlan[];
  /** Attending guests without a seat. */
  unseated: SeatGuest[];
  /** Every attending guest, by id. */
  byId: Map<string, SeatGuest>;
  attending: number;
  seated: number;
  splitHouseholds: SplitHousehold[];
  overFull: TablePlan[];
}

/** A table as people say it: "Table 4 · Roses". */
export function tableLabel(table: Pick<SeatingTable, 'number' | 'name'>): string {
  return `Table ${table.number} · ${table.name}`;
}

export function guestName(guest: Pick<Guest, 'firstName' | 'lastName'>): string {
  return `${guest.firstName} ${guest.lastName}`.trim();
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** Last name, then first name, then id: the guest list's order. */
export function byLastName(a: Pick<Guest, 'firstName' | 'lastName' | 'id'>, b: Pick<Guest, 'firstName' | 'lastName' | 'id'>): number {
  return collator.compare(a.lastName, b.lastName) || collator.compare(a.firstName, b.firstName) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

export const NO_MEAL = 'No meal chosen';

/**
 * Reads an activity's seating.
 *
 * @param activity The activity (its meal options name the meals).
 * @param guests Every guest of the occasion; those attending the activity are seated or not.
 * @param households The households, for names.
 * @param seating The server's seating of the activity.
 */
export function planSeating(activity: Activity, guests: readonly Guest[], households: readonly Household[], seating: Seating): SeatingPlan {
  const householdById = new Map(households.map((household) => [household.id, household]));
  const mealText = new Map(activity.mealOptions.map((option) => [option.value, option.text]));
  const seatOf = new Map(seating.seats.map((seat) => [seat.guestId, seat.tableId]));
  const tableIds = new Set(seating.tables.map((table) => table.id));
  const byId = new Map<string, SeatGuest>();
  for (const guest of [...guests].sort(byLastName)) {
    const invitation = guest.invitations.find((line) => line.activityId === activity.id);
    if (invitation?.response !== 'ATTENDING') continue;
    const tableId = seatOf.get(guest.id);
    byId.set(guest.id, {
      guest,
      name: guestName(guest),
      household: guest.householdId ? householdById.get(guest.householdId) : undefined,
      meal: invitation.mealChoice ? (mealText.get(invitation.mealChoice) ?? invitation.mealChoice) : '',
      mealValue: invitation.mealChoice,
      tableId: tableId && tableIds.has(tableId) ? tableId : null,
    });
  }
  const attending = [...byId.values()];
  const tables = seating.tables.map((table): TablePlan => {
    const seated = attending.filter((guest) => guest.tableId === table.id);
    return { table, guests: seated, overFull: seated.length > table.capacity, meals: mealCounts(activity, seated), dietary: dietaryNotes(seated) };
  });
  return {
    tables,
    unseated: attending.filter((guest) => guest.tableId === null),
    byId,
    attending: attending.length,
    seated: attending.length - attending.filter((guest) => guest.tableId === null).length,
    splitHouseholds: splitHouseholds(attending, seating.tables),
    overFull: tables.filter((plan) => plan.overFull),
  };
}

function mealCounts(activity: Activity, seated: readonly SeatGuest[]): MealCount[] {
  const counts = new Map<string, number>();
  for (const guest of seated) counts.set(guest.meal || NO_MEAL, (counts.get(guest.meal || NO_MEAL) ?? 0) + 1);
  const order = [...activity.mealOptions.map((option) => option.text), NO_MEAL];
  return [...counts].sort(([a], [b]) => rank(order, a) - rank(order, b)).map(([meal, count]) => ({ meal, count }));
}

const rank = (order: readonly string[], meal: string): number => {
  const at = order.indexOf(meal);
  return at === -1 ? order.length - 1 : at;
};

function dietaryNotes(seated: readonly SeatGuest[]): { name: string; notes: string }[] {
  return seated.filter((guest) => guest.guest.dietaryNotes.trim() !== '').map((guest) => ({ name: guest.name, notes: guest.guest.dietaryNotes.trim() }));
}

function splitHouseholds(attending: readonly SeatGuest[], tables: readonly SeatingTable[]): SplitHousehold[] {
  const tablesOf = new Map<string, { household: Household; tables: Set<string> }>();
  for (const guest of attending) {
    if (!guest.household || !guest.tableId) continue;
    const entry = tablesOf.get(guest.household.id) ?? { household: guest.household, tables: new Set<string>() };
    entry.tables.add(guest.tableId);
    tablesOf.set(guest.household.id, entry);
  }
  const tableById = new Map(tables.map((table) => [table.id, table]));
  return [...tablesOf.values()]
    .filter((entry) => entry.tables.size > 1)
    .map((entry) => ({
      household: entry.household,
      tables: [...entry.tables].map((id) => tableById.get(id)!).sort((a, b) => a.number - b.number).map(tableLabel),
    }))
    .sort((a, b) => collator.compare(a.household.name, b.household.name));
}

/** The unseated list's filters: '' is "any". */
export interface SeatFilters {
  householdId: string;
  /** `categoryId:value`. */
  attribute: string;
  /** A meal's value, or {@link NONE} for guests without one. */
  meal: string;
}

/** The meal filter's "no meal chosen". */
export const NONE = '\u0000none';

export function filterGuests(guests: readonly SeatGuest[], filters: SeatFilters): SeatGuest[] {
  const [categoryId, value] = filters.attribute ? splitAttribute(filters.attribute) : ['', ''];
  return guests.filter(
    (guest) =>
      (!filters.householdId || guest.guest.householdId === filters.householdId) &&
      (!categoryId || (guest.guest.attributes[categoryId] ?? []).includes(value)) &&
      (!filters.meal || (filters.meal === NONE ? guest.mealValue === null : guest.mealValue === filters.meal)),
  );
}

const splitAttribute = (key: string): [string, string] => {
  const at = key.indexOf(':');
  return [key.slice(0, at), key.slice(at + 1)];
};

/** The attribute filter's options: each category's options, named "Category: Option". */
export function attributeOptions(categories: readonly AttributeCategory[]): { value: string; text: string }[] {
  return categories.flatMap((category) => category.options.map((option) => ({ value: `${category.id}:${option.value}`, text: `${category.name}: ${option.text}` })));
}

/** Guests grouped by household, households by name, guests without one last, each alone. */
export function groupByHousehold(guests: readonly SeatGuest[]): GuestGroup[] {
  const groups = new Map<string, GuestGroup>();
  for (const guest of guests) {
    const key = guest.household ? guest.household.id : `guest:${guest.guest.id}`;
    const group = groups.get(key) ?? { key, household: guest.household, guests: [] };
    group.guests.push(guest);
    groups.set(key, group);
  }
  return [...groups.values()].sort((a, b) => {
    if (!a.household || !b.household) return (a.household ? 0 : 1) - (b.household ? 0 : 1);
    return collator.compare(a.household.name, b.household.name);
  });
}

/** A freed-seat notice in words: "Ana Lee no longer attends; their seat at table 4 (Roses) is free." */
export function releaseText(release: Seating['releases'][number], guests: ReadonlyMap<string, Guest>, tables: readonly SeatingTable[]): string {
  const guest = guests.get(release.guestId);
  const who = guest ? guestName(guest) : 'A guest who was removed';
  const table = tables.find((candidate) => candidate.id === release.tableId);
  const where = table ? `table ${table.number} (${table.name})` : release.tableName;
  return `${who} no longer attends; their seat at ${where} is free.`;
}

/** The CSV's header row. */
export const CSV_HEADERS = ['Table number', 'Table name', 'Last name', 'First name', 'Household', 'Meal', 'Dietary notes'] as const;

/** One row per seated guest, by table number, then last and first name. */
export function csvRows(plan: SeatingPlan): string[][] {
  return plan.tables.flatMap(({ table, guests }) =>
    guests.map((guest) => [String(table.number), table.name, guest.guest.lastName, guest.guest.firstName, guest.household?.name ?? '', guest.meal, guest.guest.dietaryNotes.trim()]),
  );
}

/** Escort cards: every seated guest by last name, with their table. */
export function escortCards(plan: SeatingPlan): { guest: SeatGuest; table: SeatingTable }[] {
  return plan.tables
    .flatMap(({ table, guests }) => guests.map((guest) => ({ guest, table })))
    .sort((a, b) => byLastName(a.guest.guest, b.guest.guest));
}

/** `Smith & Jones Wedding`, `Dinner` → `smith-jones-wedding-dinner-seating.csv`. */
export function seatingFileName(title: string, activityName: string): string {
  const slug = `${title} ${activityName}`
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${slug || 'occasion'}-seating.csv`;
}
