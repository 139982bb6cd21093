import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import { Button } from 'react-aria-components';
import { useSearch } from 'wouter';
import { errorMessage, type ClientError } from '../../core/client/result';
import { checkInCodeFrom, formatCheckInCode, type CheckInHousehold, type CheckInList, type CheckInMark } from '../../core/schemas/check-in';
import { formatCount, plural } from '../components/format';
import { Empty, ErrorState, Loading } from '../components/states';
import { TextInput } from '../components/text-input';
import { useKindly, useQuery, useStore } from '../data/kindly';
import { useOccasion } from '../occasion/occasion-context';
import { adjustCounts, applyMarks, currentActivity, fullName, householdKey, matchingHouseholds } from './arrivals';
import { createMarkQueue, newMarkId, sendQueued } from './mark-queue';
import { ScanButton } from './scan-button';

/** How often every door screen asks for the counts, so all of them follow each other's marks. */
export const COUNTS_POLL_MS = 3_000;
/** How often waiting marks are sent again while the connection is down (the `online` event sends them at once). */
export const RETRY_MS = 5_000;
/** The most households the search shows at once (type more of a name to narrow it). */
const SHOWN = 40;

/** `localStorage`, or nothing where the browser refuses it. */
function localStore(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** Whether the browser says it is online, following its `online` and `offline` events. */
function useOnline(): boolean {
  return useSyncExternalStore(
    (changed) => {
      window.addEventListener('online', changed);
      window.addEventListener('offline', changed);
      return () => {
        window.removeEventListener('online', changed);
        window.removeEventListener('offline', changed);
      };
    },
    () => navigator.onLine,
  );
}

/**
 * `.../door`: checking guests in on the day, on a phone. A household opens from its check-in code
 * (typed, scanned, or the `?code=` of its check-in link) or by name; each arriving guest is marked
 * for the chosen activity, and the counts of every activity follow every door screen. Marks are
 * kept on the phone until the server has them, so a dropped connection loses nothing.
 */
export default function DoorPage() {
  const occasion = useOccasion();
  const list = useQuery((s) => s.checkInList(occasion.id), occasion.id);
  if (list.error && !list.data) return <ErrorState error={list.error} what="the check-in list" onRetry={list.retry} />;
  if (!list.data) return <Loading label="Loading the check-in list…" />;
  return <Door list={list.data} reloadList={list.retry} listLoading={list.loading} />;
}

function Door({ list, reloadList, listLoading }: { list: CheckInList; reloadList(): void; listLoading: boolean }) {
  const occasion = useOccasion();
  const { stores, client } = useKindly();
  const online = useOnline();

  // The counts, polled: every door screen follows every other's marks.
  const countsStore = useMemo(() => stores.checkInCounts(occasion.id), [stores, occasion.id]);
  const counts = useStore(countsStore);
  useEffect(() => {
    const timer = setInterval(() => countsStore.revalidate(), COUNTS_POLL_MS);
    return () => clearInterval(timer);
  }, [countsStore]);
  // Another door screen marked someone (or a host changed the list): once per counts answer that
  // carries another revision than the list, ask for the list again. Only on an answer, so a list
  // request failing offline is not asked again at once, and again.
  const listNow = useRef({ list, listLoading, reloadList });
  useEffect(() => {
    listNow.current = { list, listLoading, reloadList };
  });
  const latestRevision = counts.data?.revision;
  useEffect(() => {
    const now = listNow.current;
    if (counts.data && counts.data.revision !== now.list.revision && !now.listLoading) now.reloadList();
  }, [counts.data]);

  // Marks not yet applied by the server (kept in localStorage), and those it applied that the
  // list on screen does not show yet: both drawn over the list.
  const queue = useMemo(() => createMarkQueue(occasion.id, localStore()), [occasion.id]);
  const pending = useSyncExternalStore(queue.subscribe, queue.marks);
  const [settled, setSettled] = useState<CheckInMark[]>([]);
  const settledOn = useRef<CheckInList>(list);
  useEffect(() => {
    if (settled.length > 0 && list !== settledOn.current && list.revision === latestRevision) setSettled([]);
  }, [list, latestRevision, settled.length]);

  const [stopped, setStopped] = useState<ClientError>();
  const [refused, setRefused] = useState(0);
  const sending = useRef(false);
  const flush = useCallback(async () => {
    if (sending.current || queue.marks().length === 0) return;
    sending.current = true;
    try {
      const outcome = await sendQueued(queue, async (marks) => {
        const result = await stores.$checkIn.mutate({ occasionId: occasion.id, body: { marks } });
        if (!result.error) {
          settledOn.current = listNow.current.list;
          setSettled((before) => [...before, ...marks]);
        }
        return result;
      });
      setStopped(outcome.stoppedBy);
      if (outcome.refused.length > 0) setRefused((before) => before + outcome.refused.length);
    } finally {
      sending.current = false;
    }
  }, [queue, stores, occasion.id]);
  useEffect(() => {
    void flush();
    const again = () => void flush();
    window.addEventListener('online', again);
    const timer = setInterval(again, RETRY_MS);
    return () => {
      window.removeEventListener('online', again);
      clearInterval(timer);
    };
  }, [flush]);

  const serverSeen = useMemo(() => applyMarks(list, settled), [list, settled]);
  const shown = useMemo(() => applyMarks(serverSeen, pending), [serverSeen, pending]);
  const shownCounts = useMemo(() => adjustCounts(counts.data?.counts ?? list.counts, serverSeen, pending), [counts.data, list.counts, serverSeen, pending]);

  const activityKey = `kindly.door.activity.${occasion.id}`;
  const [chosenActivity, setChosenActivity] = useState(() => localStore()?.getItem(activityKey) ?? '');
  const activityId = list.activities.some((a) => a.id === chosenActivity) ? chosenActivity : currentActivity(list.activities, Date.now());
  const chooseActivity = (id: string) => {
    setChosenActivity(id);
    try {
      localStore()?.setItem(activityKey, id);
    } catch {
      // Remembered for this page only.
    }
  };

  const mark = (guestId: string, arrived: boolean) => {
    if (!activityId) return;
    queue.add({ id: newMarkId(), guestId, activityId, arrived, at: new Date().toISOString() });
    void flush();
  };

  // The household open for marking, by its key; `?code=` of a check-in link opens one.
  const [openKey, setOpenKey] = useState<string>();
  const [codeProblem, setCodeProblem] = useState<string>();
  const openHousehold = shown.households.find((household) => householdKey(household) === openKey);
  const openByCode = useCallback(
    async (code: string) => {
      const found = list.households.find((household) => household.code === code);
      if (found) {
        setCodeProblem(undefined);
        setOpenKey(householdKey(found));
        return;
      }
      // Not on this list: perhaps a household added since it loaded.
      const asked = await client.getCheckInHousehold(occasion.id, code);
      if (asked.data) {
        setCodeProblem(undefined);
        setOpenKey(householdKey(asked.data));
        listNow.current.reloadList();
      } else if (asked.error && asked.error.status === 404) setCodeProblem(`No household has the code ${formatCheckInCode(code)}.`);
      else setCodeProblem(`No household on this phone has the code ${formatCheckInCode(code)}, and the server could not be asked: ${errorMessage(asked.error!)}`);
    },
    [list.households, client, occasion.id],
  );
  const linkCode = new URLSearchParams(useSearch()).get('code');
  const openedLink = useRef<string | null>(null);
  useEffect(() => {
    if (!linkCode || openedLink.current === linkCode) return;
    openedLink.current = linkCode;
    const code = checkInCodeFrom(linkCode);
    if (code) void openByCode(code);
    else setCodeProblem('The link does not hold a check-in code.');
  }, [linkCode, openByCode]);

  const activities = list.activities;
  const activityName = activities.find((activity) => activity.id === activityId)?.name ?? '';

  return (
    <div className="door">
      <div className="page-head">
        <h1>Door</h1>
      </div>
      <p className="door__status small" role="status">
        {pending.length > 0 ? `${plural(pending.length, 'mark')} waiting${online && !stopped ? '…' : ': they are kept on this device and sent when the connection is back.'}` : ''}
        {stopped && pending.length > 0 && typeof stopped.status === 'number' ? ` ${errorMessage(stopped)}` : ''}
      </p>
      {!online ? <p className="notice notice--warn">Offline: search and marks still work here.</p> : null}
      {refused > 0 ? (
        <p className="notice notice--error" role="alert">
          {plural(refused, 'mark')} could not be recorded: the guest or activity is no longer on the list.
        </p>
      ) : null}

      {activities.length === 0 ? (
        <Empty title="No activities yet">Add the occasion's activities to check guests in.</Empty>
      ) : (
        <>
          <fieldset className="door__activities">
            <legend>Checking in for</legend>
            {activities.map((activity) => (
              <label key={activity.id} className="door__activity">
                <input type="radio" name="door-activity" value={activity.id} checked={activity.id === activityId} onChange={() => chooseActivity(activity.id)} />
                <span>{activity.name}</span>
              </label>
            ))}
          </fieldset>
          <section aria-labelledby="door-counts-title" className="door__counts">
            <h2 id="door-counts-title" className="visually-hidden">
              Arrivals
            </h2>
            <ul>
              {activities.map((activity) => {
                const count = shownCounts.find((c) => c.activityId === activity.id) ?? { arrived: 0, expected: 0 };
                return (
                  <li key={activity.id} data-activity-id={activity.id} aria-current={activity.id === activityId ? 'true' : undefined}>
                    <span>{activity.name}</span>{' '}
                    <strong className="door__count">
                      {formatCount(count.arrived)} / {formatCount(count.expected)}
                    </strong>{' '}
                    <span className="small muted">arrived</span>
                  </li>
                );
              })}
            </ul>
          </section>
        </>
      )}

      {openHousehold && activityId ? (
        <HouseholdPanel
          key={openKey}
          household={openHousehold}
          activityId={activityId}
          activityName={activityName}
          onMark={mark}
          onClose={() => setOpenKey(undefined)}
        />
      ) : null}

      <CodeEntry onCode={openByCode} problem={codeProblem} onProblem={setCodeProblem} />
      <Search households={shown.households} activityId={activityId} onOpen={(household) => setOpenKey(householdKey(household))} />
    </div>
  );
}

/** The open household: a big button per guest to check them in, and an undo beside each arrival. */
function HouseholdPanel(props: {
  household: CheckInHousehold;
  activityId: string;
  activityName: string;
  onMark(guestId: string, arrived: boolean): void;
  onClose(): void;
}) {
  const { household, activityId, activityName, onMark } = props;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const waiting = household.guests.filter((guest) => !guest.arrived.includes(activityId) && guest.expected.includes(activityId));
  return (
    <section className="card door__household" aria-labelledby="door-household-title" data-household-code={household.code ?? ''}>
      <div className="row row--center door__household-head">
        <h2 id="door-household-title" ref={heading} tabIndex={-1}>
          {household.name}
        </h2>
        {household.code ? <code className="small">{formatCheckInCode(household.code)}</code> : null}
      </div>
      <p className="small muted">Checking in for {activityName}</p>
      <ul className="door__guests" aria-label={`Guests of ${household.name}`}>
        {household.guests.map((guest) => {
          const name = fullName(guest);
          const arrived = guest.arrived.includes(activityId);
          const expected = guest.expected.includes(activityId);
          return (
            <li key={guest.id} data-guest-id={guest.id} data-arrived={arrived ? 'true' : 'false'}>
              {arrived ? (
                <div className="door__arrived">
                  <span>
                    <span aria-hidden="true">✓ </span>
                    {name} <span className="small">arrived</span>
                  </span>
                  <Button className="button door__undo" aria-label={`Undo check-in of ${name}`} onPress={() => onMark(guest.id, false)}>
                    Undo
                  </Button>
                </div>
              ) : (
                <Button className="button button--primary door__mark" aria-label={`Check in ${name}`} onPress={() => onMark(guest.id, true)}>
                  <span>{name}</span>
                  {expected ? null : <span className="small door__note">not expected at {activityName}</span>}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      <div className="row row--center">
        {waiting.length > 1 ? (
          <Button className="button" onPress={() => waiting.forEach((guest) => onMark(guest.id, true))}>
            Check in all {formatCount(waiting.length)} expected
          </Button>
        ) : null}
        <Button className="button button--quiet" onPress={props.onClose}>
          Close
        </Button>
      </div>
    </section>
  );
}

/** Typing a card's check-in code (any case, dashes and spaces ignored), or scanning it. */
function CodeEntry({ onCode, problem, onProblem }: { onCode(code: string): Promise<void>; problem: string | undefined; onProblem(problem: string | undefined): void }) {
  const [typed, setTyped] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const code = checkInCodeFrom(typed);
    if (!code) {
      onProblem('A check-in code has 10 letters and digits, like ABCDE-12345.');
      return;
    }
    setTyped('');
    void onCode(code);
  };
  return (
    <form className="door__code row" onSubmit={submit} aria-label="Check-in code">
      <TextInput label="Check-in code" value={typed} onChange={setTyped} autoComplete="off" error={problem} placeholder="ABCDE-12345" />
      <Button type="submit" className="button button--primary">
        Open
      </Button>
      <ScanButton onCode={(code) => void onCode(code)} />
    </form>
  );
}

/** Finding a household by a guest's or the household's name; works on the loaded list, online or not. */
function Search({ households, activityId, onOpen }: { households: CheckInHousehold[]; activityId: string | undefined; onOpen(household: CheckInHousehold): void }) {
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search);
  const found = useMemo(() => matchingHouseholds(households, deferred), [households, deferred]);
  return (
    <section className="door__search" aria-label="Search">
      <TextInput label="Find a guest or household" type="search" value={search} onChange={setSearch} />
      {found.length === 0 ? (
        <Empty title="No one by that name" />
      ) : (
        <>
          <p className="small muted">{found.length > SHOWN ? `${plural(found.length, 'household')}: the first ${SHOWN} shown` : plural(found.length, 'household')}</p>
          <ul className="stack door__results" aria-label="Households">
            {found.slice(0, SHOWN).map((household) => {
              const here = activityId ? household.guests.filter((guest) => guest.arrived.includes(activityId)).length : 0;
              return (
                <li key={householdKey(household)} className="card">
                  <h3>{household.name}</h3>
                  <ul aria-label={`Members of ${household.name}`}>
                    {household.guests.map((guest) => (
                      <li key={guest.id}>{fullName(guest)}</li>
                    ))}
                  </ul>
                  <div className="row row--center">
                    <Button className="button door__open" aria-label={`Open ${household.name}`} onPress={() => onOpen(household)}>
                      Open
                    </Button>
                    <span className="small muted">
                      {formatCount(here)} of {formatCount(household.guests.length)} here
                    </span>
                  </div>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}
