import { Button, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import type { TablePlan } from './seating-logic';
import { tableLabel } from './seating-logic';

/** The menu item that unseats. */
const UNSEAT = 'unseat';

/**
 * "Seat at…": the keyboard's (and everyone's) way to seat a guest or a household without
 * dragging: a React Aria menu of the tables with their seated counts, and "Unseated" for those
 * who have a seat.
 */
export function SeatMenu({ who, tables, currentTableId, onSeat }: { who: string; tables: readonly TablePlan[]; currentTableId: string | null; onSeat(tableId: string | null): void }) {
  const title = currentTableId ? `Move ${who} to…` : `Seat ${who} at…`;
  return (
    <MenuTrigger>
      <Button className="button button--small button--quiet seat-menu-button" aria-label={title}>
        {currentTableId ? 'Move…' : 'Seat at…'}
      </Button>
      <Popover className="menu-popover" placement="bottom end">
        <Menu className="menu" aria-label={title} onAction={(key) => onSeat(key === UNSEAT ? null : String(key))}>
          {tables.map(({ table, guests }) => (
            <MenuItem key={table.id} id={table.id} className="menu-item" isDisabled={table.id === currentTableId} textValue={tableLabel(table)}>
              {tableLabel(table)} ({guests.length}/{table.capacity})
            </MenuItem>
          ))}
          {currentTableId ? (
            <MenuItem id={UNSEAT} className="menu-item">
              Unseated
            </MenuItem>
          ) : null}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
