import { Button } from 'react-aria-components';
import { Link } from 'wouter';
import { TABLE_SHAPE_NAMES } from '../../core/schemas/seating';
import { ErrorState, Loading } from '../components/states';
import { useOccasion } from '../occasion/occasion-context';
import { useSeating, type SeatingView } from './seating-data';
import { escortCards, tableLabel } from './seating-logic';
import { SeatingHead } from './seating-page';

/**
 * `.../seating/print?activity=`: the plan for paper, in three parts, each starting a page: the
 * tables with their guests (a table never cut over a page), escort cards by last name, and the
 * caterer's sheet (meals and dietary notes per table).
 */
export default function SeatingPrintPage() {
  const { state, activities, choose } = useSeating();
  const activity = state.status === 'ready' ? state.view.activity : undefined;
  return (
    <>
      <SeatingHead activities={activities} activity={activity} choose={choose}>
        {activity ? (
          <>
            <Link className="button" href={`/?activity=${encodeURIComponent(activity.id)}`}>
              Back to the plan
            </Link>
            <Button className="button button--primary" onPress={() => window.print()}>
              Print
            </Button>
          </>
        ) : null}
      </SeatingHead>
      {state.status === 'error' ? (
        <ErrorState error={state.error} what={state.what} onRetry={state.retry} />
      ) : state.status === 'no-activity' ? (
        <p className="muted">Seating is per activity: add an activity on the Schedule tab first.</p>
      ) : state.status === 'pending' ? (
        <Loading label="Loading the seating…" />
      ) : (
        <PrintView view={state.view} />
      )}
    </>
  );
}

function PrintView({ view }: { view: SeatingView }) {
  const occasion = useOccasion();
  const { plan, activity } = view;
  const cards = escortCards(plan);
  const title = `${occasion.title}: ${activity.name}`;
  return (
    <div className="seating-print">
      <section aria-labelledby="print-plan" className="print-part">
        <h2 id="print-plan">{title}: seating plan</h2>
        <p className="small muted">
          {plan.seated} of {plan.attending} attending guests seated at {plan.tables.length} tables.
        </p>
        <div className="print-tables">
          {plan.tables.map(({ table, guests }) => (
            <article key={table.id} className="print-table" aria-labelledby={`print-table-${table.id}`}>
              <h3 id={`print-table-${table.id}`}>{tableLabel(table)}</h3>
              <p className="small muted">
                {TABLE_SHAPE_NAMES[table.shape]} · {guests.length} of {table.capacity} seats
              </p>
              {guests.length === 0 ? (
                <p className="small muted">Nobody seated.</p>
              ) : (
                <ol>
                  {guests.map((guest) => (
                    <li key={guest.guest.id}>{guest.name}</li>
                  ))}
                </ol>
              )}
            </article>
          ))}
        </div>
      </section>
      <section aria-labelledby="print-escort" className="print-part">
        <h2 id="print-escort">{title}: escort cards</h2>
        {cards.length === 0 ? (
          <p className="muted">Nobody is seated yet.</p>
        ) : (
          <ul className="escort-cards">
            {cards.map(({ guest, table }) => (
              <li key={guest.guest.id} className="escort-card">
                <span className="escort-card__name">{guest.guest.lastName ? `${guest.guest.lastName}, ${guest.guest.firstName}` : guest.guest.firstName}</span>
                <span className="escort-card__table">{tableLabel(table)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="print-caterer" className="print-part">
        <h2 id="print-caterer">{title}: for the caterer</h2>
        <table className="table table--stack caterer-sheet" aria-label="Meals and dietary notes per table">
          <thead>
            <tr>
              <th scope="col">Table</th>
              <th scope="col">Guests</th>
              <th scope="col">Meals</th>
              <th scope="col">Dietary notes</th>
            </tr>
          </thead>
          <tbody>
            {plan.tables.map(({ table, guests, meals, dietary }) => (
              <tr key={table.id}>
                <th scope="row">{tableLabel(table)}</th>
                <td data-label="Guests">{guests.length}</td>
                <td data-label="Meals">{meals.map(({ meal, count }) => `${meal}: ${count}`).join(', ')}</td>
                <td data-label="Dietary notes">{dietary.map(({ name, notes }) => `${name}: ${notes}`).join('; ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
