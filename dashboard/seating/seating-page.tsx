import { useMemo, useState } from 'react';
import { Button } from 'react-aria-components';
import { Link } from 'wouter';
import { errorMessage, isHttpError } from '../../core/client/result';
import type { Activity } from '../../core/schemas/activity';
import type { SeatingTable } from '../../core/schemas/seating';
import { ConfirmDialog, DeleteDialog } from '../components/dialog';
import { SelectField } from '../components/select-field';
import { ErrorState, Loading } from '../components/states';
import { downloadText } from '../csv/download';
import { useKindly } from '../data/kindly';
import { useCan, useOccasion } from '../occasion/occasion-context';
import { SeatingBoard } from './seating-board';
import { useSeating, type SeatingView } from './seating-data';
import { CSV_HEADERS, csvRows, releaseText, seatingFileName, tableLabel } from './seating-logic';
import { TableDialog } from './table-dialog';

/** A seat request the server refused as over-full, waiting for "Seat anyway". */
interface FullRequest {
  guestIds: string[];
  tableId: string;
  label: string;
  message: string;
}

/**
 * `.../seating?activity=`: an activity's seating plan. Readers see it; writers add, edit and
 * delete tables and seat guests by dragging or through each guest's "Seat at…" menu.
 */
export default function SeatingPage() {
  const { state, activities, choose } = useSeating();
  const activity = state.status === 'ready' ? state.view.activity : undefined;
  return (
    <>
      <SeatingHead activities={activities} activity={activity} choose={choose} />
      {state.status === 'error' ? (
        <ErrorState error={state.error} what={state.what} onRetry={state.retry} />
      ) : state.status === 'no-activity' ? (
        <p className="muted">Seating is per activity: add an activity on the Schedule tab first.</p>
      ) : state.status === 'pending' ? (
        <Loading label="Loading the seating…" />
      ) : (
        <SeatingScreen key={state.view.activity.id} view={state.view} />
      )}
    </>
  );
}

/** The title and the activity picker (shared with the print view). */
export function SeatingHead({ activities, activity, choose, children }: { activities: Activity[] | undefined; activity: Activity | undefined; choose(activityId: string): void; children?: React.ReactNode }) {
  const options = useMemo(() => (activities ?? []).map((candidate) => ({ value: candidate.id, text: candidate.name })), [activities]);
  return (
    <div className="page-head no-print">
      <div>
        <h1>Seating</h1>
        <p className="small muted">Tables and who sits where, per activity. Only guests attending the activity are seated.</p>
      </div>
      <div className="row">
        {options.length > 1 ? <SelectField label="Activity" options={options} value={activity?.id ?? ''} onChange={choose} hideSelected={false} clearable={false} /> : null}
        {children}
      </div>
    </div>
  );
}

function SeatingScreen({ view }: { view: SeatingView }) {
  const occasion = useOccasion();
  const canWrite = useCan('write');
  const { stores } = useKindly();
  const { plan, activity, seating, data } = view;
  const ids = { occasionId: occasion.id, activityId: activity.id };
  const [notice, setNotice] = useState<string>();
  const [full, setFull] = useState<FullRequest | null>(null);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<SeatingTable | null>(null);
  const [removing, setRemoving] = useState<SeatingTable | null>(null);
  const guestsById = useMemo(() => new Map(data.guests.map((guest) => [guest.id, guest])), [data.guests]);

  async function seat(guestIds: string[], tableId: string | null, label: string, overCapacity = false) {
    const result = await stores.$seatGuests.mutate({ ...ids, body: { guestIds, tableId, overCapacity } });
    if (!result.error) {
      const table = result.data.tables.find((candidate) => candidate.id === tableId);
      setNotice(table ? `${capitalise(label)} seated at ${tableLabel(table)}.` : `${capitalise(label)} no longer seated.`);
      return;
    }
    const { error } = result;
    if (tableId && isHttpError(error) && error.status === 409 && error.data?.error?.code === 'TABLE_FULL') {
      setFull({ guestIds, tableId, label, message: errorMessage(error) });
      return;
    }
    setNotice(errorMessage(error));
  }

  async function dismissReleases() {
    const result = await stores.$dismissSeatReleases.mutate(ids);
    setNotice(result.error ? errorMessage(result.error) : 'The notices are dismissed.');
  }

  async function exportCsv() {
    const { writeCsv } = await import('../csv/csv-file');
    downloadText(seatingFileName(occasion.title, activity.name), writeCsv(CSV_HEADERS, csvRows(plan)));
  }

  const fullTable = full ? seating.tables.find((table) => table.id === full.tableId) : undefined;
  return (
    <>
      <div className="row row--center no-print seating-actions">
        {canWrite ? (
          <Button className="button button--primary" onPress={() => setAdding(true)}>
            Add a table
          </Button>
        ) : null}
        <Link className="button" href={`/print?activity=${encodeURIComponent(activity.id)}`}>
          Print view
        </Link>
        <Button className="button" onPress={() => void exportCsv()} isDisabled={plan.seated === 0}>
          Export CSV
        </Button>
      </div>
      <p role="status" className="small seating-status">
        {notice}
      </p>
      {seating.releases.length > 0 ? (
        <section className="notice notice--warn" aria-labelledby="releases-heading">
          <h2 id="releases-heading" className="small">
            Seats freed
          </h2>
          <ul className="seating-notices">
            {seating.releases.map((release) => (
              <li key={`${release.guestId} ${release.releasedAt}`}>{releaseText(release, guestsById, seating.tables)}</li>
            ))}
          </ul>
          {canWrite ? (
            <Button className="button button--small" onPress={() => void dismissReleases()}>
              Dismiss
            </Button>
          ) : null}
        </section>
      ) : null}
      {plan.overFull.length > 0 || plan.splitHouseholds.length > 0 ? (
        <section className="notice notice--warn" aria-labelledby="warnings-heading">
          <h2 id="warnings-heading" className="small">
            Worth a look
          </h2>
          <ul className="seating-notices">
            {plan.overFull.map(({ table, guests }) => (
              <li key={table.id}>
                {tableLabel(table)} is over-full: {guests.length} seated at {table.capacity} seats.
              </li>
            ))}
            {plan.splitHouseholds.map(({ household, tables }) => (
              <li key={household.id}>
                The {household.name} household is split over {tables.join(' and ')}.
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <SeatingBoard view={view} canWrite={canWrite} seat={(guestIds, tableId, label) => void seat(guestIds, tableId, label)} onEdit={setEditing} onDelete={setRemoving} />
      {adding ? <TableDialog occasionId={occasion.id} activityId={activity.id} onClose={() => setAdding(false)} onSaved={(table) => setNotice(`${tableLabel(table)} added.`)} /> : null}
      {editing ? <TableDialog occasionId={occasion.id} activityId={activity.id} table={editing} onClose={() => setEditing(null)} onSaved={(table) => setNotice(`${tableLabel(table)} saved.`)} /> : null}
      <DeleteDialog
        title={removing ? `Delete ${tableLabel(removing)}?` : 'Delete?'}
        isOpen={removing !== null}
        onClose={() => setRemoving(null)}
        confirmLabel="Delete table"
        remove={() => stores.$deleteTable.mutate({ occasionId: occasion.id, tableId: removing!.id })}
      >
        <p>Its guests become unseated; nobody's reply changes.</p>
      </DeleteDialog>
      <ConfirmDialog
        title="Seat anyway?"
        isOpen={full !== null}
        onOpenChange={(open) => !open && setFull(null)}
        confirmLabel="Seat anyway"
        danger={false}
        onConfirm={async () => {
          if (full) await seat(full.guestIds, full.tableId, full.label, true);
        }}
      >
        <p>{full?.message}</p>
        <p>
          Seat {full?.label} at {fullTable ? tableLabel(fullTable) : 'the table'} anyway? The table will show as over-full.
        </p>
      </ConfirmDialog>
    </>
  );
}

const capitalise = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);
