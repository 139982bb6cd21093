import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Button } from 'react-aria-components';
import { Link, useSearch } from 'wouter';
import { formatPhone } from '../../core/format';
import { countryOptions } from '../../core/options';
import type { Guest } from '../../core/schemas/guest';
import type { Household } from '../../core/schemas/household';
import { formatCount, plural } from '../components/format';
import { Empty, ErrorState, Loading } from '../components/states';
import { Checkbox, TextInput } from '../components/text-input';
import { matchesWords, searchKey, searchWords } from '../guests/guest-filters';
import { useOccasionData, type OccasionData } from '../guests/occasion-data';
import { useCan, useOccasion } from '../occasion/occasion-context';
import { missingAddress } from '../occasion/overview-page';
import { listRect, useNarrowScreen } from '../guests/guest-table';
import { HouseholdDialog } from './household-dialog';
import { useScrollElementAfterPaint } from '../components/scroll-element-after-paint';

/** One line of a household's postal address. */
export function formatAddress(household: Household): string {
  const country = countryOptions.find((option) => option.value === household.country)?.text ?? household.country;
  const cityLine = [household.city, [household.state, household.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [household.addressLine1, household.addressLine2, cityLine, country].filter(Boolean).join(', ');
}

export function HouseholdsHead() {
  return (
    <div className="page-head no-print">
      <h1>Households</h1>
      <nav aria-label="Household tools" className="row">
        <Link href="/" className="button button--small">
          List
        </Link>
        <Link href="/print" className="button button--small">
          Printable invite codes
        </Link>
        <Link href="/cards" className="button button--small">
          Invitation cards
        </Link>
      </nav>
    </div>
  );
}

/** `.../households`: households with members, address and invite code; create, edit, delete, move guests. */
export default function HouseholdsPage() {
  const occasion = useOccasion();
  const state = useOccasionData(occasion.id);
  return (
    <>
      <HouseholdsHead />
      {state.status === 'error' ? (
        <ErrorState error={state.error} what="the households" onRetry={state.retry} />
      ) : state.status === 'pending' ? (
        <Loading label="Loading the households…" />
      ) : (
        <HouseholdList data={state.data} />
      )}
    </>
  );
}

const ROW = 64;
/** A household's card on a phone, before it is measured (a long name wraps: cards are measured there). */
export const HOUSEHOLD_CARD_HEIGHT = 116;

function HouseholdList({ data }: { data: OccasionData }) {
  const occasion = useOccasion();
  const canWrite = useCan('write');
  const search = useSearch();
  const [query, setQuery] = useState('');
  const [onlyMissing, setOnlyMissing] = useState(() => new URLSearchParams(search).get('missing') === 'address');
  const [editing, setEditing] = useState<Household | 'new' | null>(null);
  const members = useMemo(() => {
    const byHousehold = new Map<string, Guest[]>();
    for (const guest of data.guests) {
      if (!guest.householdId) continue;
      const list = byHousehold.get(guest.householdId);
      if (list) list.push(guest);
      else byHousehold.set(guest.householdId, [guest]);
    }
    return byHousehold;
  }, [data.guests]);
  const shown = useMemo(() => {
    const words = searchWords(query);
    return data.households.filter((household) => {
      if (onlyMissing && !missingAddress(household)) return false;
      if (words.length === 0) return true;
      const key = searchKey(`${household.name} ${(members.get(household.id) ?? []).map((g) => `${g.firstName} ${g.lastName}`).join(' ')}`);
      return matchesWords(key, words);
    });
  }, [data.households, members, query, onlyMissing]);

  const scrollRef = useRef<HTMLDivElement>(null);
  // On a phone each household is a card, its name first and whole: the table's columns were too narrow there.
  const narrow = useNarrowScreen();
  const rowHeight = narrow ? HOUSEHOLD_CARD_HEIGHT : ROW;
  const virtualizer = useVirtualizer({
    count: shown.length,
    ...useScrollElementAfterPaint(scrollRef),
    estimateSize: () => rowHeight,
    overscan: 6,
    initialRect: listRect(),
  });
  const measuredHeight = useRef(rowHeight);
  useEffect(() => {
    if (measuredHeight.current === rowHeight) return;
    measuredHeight.current = rowHeight;
    virtualizer.measure();
  }, [virtualizer, rowHeight]);
  const items = virtualizer.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0);

  return (
    <>
      <div className="row row--center" style={{ marginBottom: 12 }}>
        {canWrite ? (
          <Button className="button button--primary" onPress={() => setEditing('new')}>
            Add household
          </Button>
        ) : null}
      </div>
      {data.households.length === 0 ? (
        <Empty title="No households yet">
          <p>Households group guests who share an address and an invitation. Importing guests creates them by name.</p>
        </Empty>
      ) : (
        <>
          <div className="toolbar" role="search" aria-label="Find households">
            <TextInput label="Search households or members" type="search" value={query} onChange={setQuery} />
            <Checkbox isSelected={onlyMissing} onChange={setOnlyMissing}>
              Only those missing an address
            </Checkbox>
          </div>
          <p className="small muted" role="status" aria-live="polite">
            {shown.length === data.households.length ? plural(shown.length, 'household') : `Showing ${formatCount(shown.length)} of ${plural(data.households.length, 'household')}`}
          </p>
          <div className="vlist" ref={scrollRef}>
            <table className="vtable vtable--households" aria-label="Households" aria-rowcount={shown.length + 1}>
              <colgroup>
                <col style={{ width: '22%' }} />
                <col style={{ width: '24%' }} />
                <col />
                <col style={{ width: 130 }} />
                <col style={{ width: 150 }} />
                <col style={{ width: 72 }} />
              </colgroup>
              <thead>
                <tr aria-rowindex={1}>
                  <th scope="col">Household</th>
                  <th scope="col">Members</th>
                  <th scope="col">Address</th>
                  <th scope="col">Phone</th>
                  <th scope="col">Invite code</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {before > 0 ? (
                  <tr className="spacer" aria-hidden="true">
                    <td colSpan={6} style={{ height: before }} />
                  </tr>
                ) : null}
                {items.map((item) => {
                  const household = shown[item.index]!;
                  const people = members.get(household.id) ?? [];
                  const address = formatAddress(household);
                  return (
                    <tr
                      key={household.id}
                      aria-rowindex={item.index + 2}
                      style={narrow ? undefined : { height: ROW }}
                      ref={narrow ? virtualizer.measureElement : undefined}
                      data-index={item.index}
                      data-household-id={household.id}
                    >
                      <td className="col-name" title={household.name}>
                        {household.name}
                      </td>
                      <td className="col-members" title={people.map((g) => `${g.firstName} ${g.lastName}`).join(', ')}>
                        {people.length === 0 ? <span className="muted">No members</span> : people.map((g) => g.firstName).join(', ')}
                      </td>
                      <td className="col-address" title={address}>
                        {address || <span className="pill pill--PENDING">No address</span>}
                      </td>
                      <td className="col-phone" data-label="Phone">
                        {household.phone ? formatPhone(household.phone) : <span className="muted">—</span>}
                      </td>
                      <td className="col-code" data-label="Code">
                        <code>{household.inviteCode}</code>
                      </td>
                      <td className="col-actions">
                        <Button className="button button--small" onPress={() => setEditing(household)} aria-label={`Edit ${household.name}`}>
                          Edit
                        </Button>
                      </td>
                    </tr>
                  );
                })}
                {after > 0 ? (
                  <tr className="spacer" aria-hidden="true">
                    <td colSpan={6} style={{ height: after }} />
                  </tr>
                ) : null}
              </tbody>
            </table>
          </div>
        </>
      )}
      {editing ? (
        <HouseholdDialog
          occasionId={occasion.id}
          household={editing === 'new' ? undefined : editing}
          households={data.households}
          guests={data.guests}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </>
  );
}
