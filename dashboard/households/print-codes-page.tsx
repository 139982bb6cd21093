import { useMemo } from 'react';
import { Button } from 'react-aria-components';
import { ErrorState, Loading } from '../components/states';
import { useOccasionData } from '../guests/occasion-data';
import { useOccasion } from '../occasion/occasion-context';
import { formatAddress, HouseholdsHead } from './households-page';

/** `.../households/print`: every household's invite code, laid out for paper (see the print stylesheet). */
export default function PrintCodesPage() {
  const occasion = useOccasion();
  const state = useOccasionData(occasion.id);
  const members = useMemo(() => {
    const names = new Map<string, string[]>();
    if (state.status !== 'ready') return names;
    for (const guest of state.data.guests) {
      if (guest.householdId) names.set(guest.householdId, [...(names.get(guest.householdId) ?? []), `${guest.firstName} ${guest.lastName}`.trim()]);
    }
    return names;
  }, [state]);

  return (
    <>
      <HouseholdsHead />
      <div className="row row--center no-print" style={{ marginBottom: 12 }}>
        <Button className="button button--primary" onPress={() => window.print()}>
          Print
        </Button>
        <span className="small muted">Guests type the code (or open the link with ?invite=CODE) to answer.</span>
      </div>
      <h2 className="print-only">{occasion.title}: invite codes</h2>
      {state.status === 'error' ? (
        <ErrorState error={state.error} what="the households" onRetry={state.retry} />
      ) : state.status === 'pending' ? (
        <Loading />
      ) : (
        <table className="table table--stack codes" aria-label="Invite codes">
          <thead>
            <tr>
              <th scope="col">Household</th>
              <th scope="col">Guests</th>
              <th scope="col">Address</th>
              <th scope="col">Invite code</th>
            </tr>
          </thead>
          <tbody>
            {state.data.households.map((household) => (
              <tr key={household.id}>
                <td>
                  <strong>{household.name}</strong>
                </td>
                <td data-label="Guests">{(members.get(household.id) ?? []).join(', ')}</td>
                <td data-label="Address">{formatAddress(household)}</td>
                <td data-label="Invite code">
                  <code>{household.inviteCode}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
