import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useMemo, useRef, useState } from 'react';
import { Button } from 'react-aria-components';
import type { Activity } from '../../core/schemas/activity';
import type { Guest } from '../../core/schemas/guest';
import { plural } from '../components/format';
import { Empty, ErrorState, Loading } from '../components/states';
import { useOccasion } from '../occasion/occasion-context';
import { GuestDialog, guestToReopen } from './guest-dialog';
import { EMPTY_FILTERS, filterGuests, toRows, type GuestFilters, type GuestRow } from './guest-filters';
import { GuestFilterBar, GuestsHead } from './guests-page';
import { listRect, RESPONSE_TEXT, ROW_HEIGHT } from './guest-table';
import { useOccasionData, type OccasionData } from './occasion-data';

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

function Grid({ data }: { data: OccasionData }) {
  const occasion = useOccasion();
  const [filters, setFilters] = useState<GuestFilters>(EMPTY_FILTERS);
  const [editing, setEditing] = useState<Guest | null>(() => {
    const reopen = guestToReopen(occasion.id, data.guests);
    return reopen === 'new' ? null : reopen;
  });
  const rows = useMemo(() => toRows(data.guests), [data.guests]);
  const shown = useMemo(() => filterGuests(rows, filters), [rows, filters]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: shown.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    initialRect: listRect(),
  });
  const items = virtualizer.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0);
  const columns = data.activities.length + 1;

  return (
    <>
      <GuestFilterBar data={data} filters={filters} onChange={setFilters} />
      <p className="small muted" role="status" aria-live="polite">
        {plural(shown.length, 'guest')} by {plural(data.activities.length, 'activity', 'activities')}
      </p>
      <div className="vlist" ref={scrollRef}>
        <table className="vtable" aria-label="Invitation grid" aria-rowcount={shown.length + 1}>
          <thead>
            <tr aria-rowindex={1}>
              <th scope="col" style={{ width: '24%' }}>
                Guest
              </th>
              {data.activities.map((activity) => (
                <th scope="col" key={activity.id}>
                  {activity.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {before > 0 ? (
              <tr className="spacer" aria-hidden="true">
                <td colSpan={columns} style={{ height: before }} />
              </tr>
            ) : null}
            {items.map((item) => {
              const row = shown[item.index]!;
              return <GridRow key={row.guest.id} index={item.index} row={row} activities={data.activities} onEdit={setEditing} />;
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
    </>
  );
}

const GridRow = memo(function GridRow({ index, row, activities, onEdit }: { index: number; row: GuestRow; activities: readonly Activity[]; onEdit(guest: Guest): void }) {
  const { guest } = row;
  const name = `${guest.firstName} ${guest.lastName}`.trim();
  return (
    <tr aria-rowindex={index + 2} data-guest-id={guest.id}>
      <th scope="row" style={{ fontWeight: 500, textAlign: 'left', padding: '0 10px' }}>
        <Button className="button button--quiet button--small" onPress={() => onEdit(guest)} aria-label={`Edit ${name}`}>
          {name}
        </Button>
      </th>
      {activities.map((activity) => {
        const invitation = guest.invitations.find((entry) => entry.activityId === activity.id);
        if (!invitation) {
          return (
            <td key={activity.id}>
              <span className="pill pill--none">Not invited</span>
            </td>
          );
        }
        const meal = invitation.mealChoice ? activity.mealOptions.find((option) => option.value === invitation.mealChoice)?.text ?? invitation.mealChoice : '';
        return (
          <td key={activity.id} data-response={invitation.response}>
            <span className={`pill pill--${invitation.response}`}>{RESPONSE_TEXT[invitation.response]}</span>
            {meal ? <span className="small">{meal}</span> : null}
          </td>
        );
      })}
    </tr>
  );
});
