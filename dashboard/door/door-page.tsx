import { useDeferredValue, useMemo, useState } from 'react';
import type { DoorGuest, DoorList } from '../../core/schemas/people';
import { plural } from '../components/format';
import { Empty, ErrorState, Loading } from '../components/states';
import { TextInput } from '../components/text-input';
import { useQuery } from '../data/kindly';
import { useOccasion } from '../occasion/occasion-context';

/** Lower case without accents, so "zoe" finds "Zoë". */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

const fullName = (guest: DoorGuest) => `${guest.firstName} ${guest.lastName}`.trim();

/** The households (and guests without one) whose household name or a guest's name holds the search. */
function matching(list: DoorList, search: string): DoorList {
  const words = fold(search).split(/\s+/).filter(Boolean);
  if (words.length === 0) return list;
  const matches = (text: string) => words.every((word) => fold(text).includes(word));
  return {
    households: list.households.filter((household) => matches(`${household.name} ${household.guests.map(fullName).join(' ')}`)),
    guests: list.guests.filter((guest) => matches(fullName(guest))),
  };
}

/**
 * `.../door`: for the day itself. Finds a guest by name or household and shows the household's
 * members: names only (the `door` role is given nothing else).
 */
export default function DoorPage() {
  const occasion = useOccasion();
  const list = useQuery((s) => s.doorList(occasion.id), occasion.id);
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search);
  const shown = useMemo(() => (list.data ? matching(list.data, deferred) : undefined), [list.data, deferred]);

  return (
    <>
      <div className="page-head">
        <h1>Door</h1>
      </div>
      <TextInput label="Find a guest or household" type="search" value={search} onChange={setSearch} autoFocus />
      {list.error ? (
        <ErrorState error={list.error} what="the guest names" onRetry={list.retry} />
      ) : !shown ? (
        <Loading />
      ) : shown.households.length + shown.guests.length === 0 ? (
        <Empty title="No one by that name" />
      ) : (
        <>
          <p className="small muted" role="status">
            {plural(shown.households.length, 'household')}
            {shown.guests.length > 0 ? `, ${plural(shown.guests.length, 'guest')} without one` : ''}
          </p>
          <ul className="stack" aria-label="Households" style={{ listStyle: 'none', padding: 0 }}>
            {shown.households.map((household) => (
              <li key={household.id} className="card">
                <h2 style={{ margin: 0 }}>{household.name}</h2>
                <ul aria-label={`Members of ${household.name}`}>
                  {household.guests.map((guest) => (
                    <li key={guest.id}>{fullName(guest)}</li>
                  ))}
                </ul>
              </li>
            ))}
            {shown.guests.map((guest) => (
              <li key={guest.id} className="card">
                <h2 style={{ margin: 0 }}>{fullName(guest)}</h2>
                <p className="small muted">No household</p>
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}
