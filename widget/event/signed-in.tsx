/**
 * The signed-in screens, phone first: under a line with the guest's name and sign-out, the
 * occasion's title and dates, then the RSVP; event details and the household folded beneath.
 */
import { useEffect, useState } from 'react';
import type { GuestSessionInfo } from '../../core/schemas/event';
import type { Connection, GuestState } from '../data/connection';
import { describeError } from '../data/errors';
import { useStrings } from '../i18n';
import { afterNextFrame } from '../ui/after-first-frame';
import { Busy, Retry } from '../ui/status';
import { EventTitle } from './event-info';
import { fullName } from './names';
import { RsvpCard } from './rsvp';

export interface SignedInProps {
  connection: Connection;
  state: GuestState;
  session: GuestSessionInfo;
  /** Move the focus to the event's title (after the guest signed in). */
  focusHeading: boolean;
  /** Told before signing out (focus then follows to the sign-in form). */
  onSignOut: () => void;
}

/** Why the guest's data could not be had, if so. No reply yet: `GET /rsvp` answers 404, or 200 null. */
const failure = ({ info, household, rsvp }: GuestState) => info.error ?? household.error ?? (rsvp.error?.status !== 404 ? rsvp.error : undefined);

/** Whether the occasion, the household and the reply (or that there is none) are all in. */
const isReady = ({ info, household, rsvp }: GuestState) => !!info.data && !!household.data && (rsvp.data !== undefined || !!rsvp.error);

type Folded = typeof import('./folded');
let folded: Promise<Folded> | undefined;

export function SignedIn({ connection, state, session, focusHeading, onSignOut }: SignedInProps) {
  const strings = useStrings();
  const [parts, setParts] = useState<Folded>();
  const { info, household, rsvp } = state;
  const failed = failure(state);
  const ready = isReady(state);
  const replied = !!rsvp.data;
  useEffect(() => {
    if (!ready) return;
    const load = () => void (folded ??= import('./folded')).then(setParts, () => (folded = undefined));
    // A reply shows its summary (in the chunk) at once; the form needs none of it, so the
    // chunk comes after the form's frame, not in its way.
    if (replied) load();
    else afterNextFrame(load);
    // Once the data is in; `replied` is read then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready]);
  return (
    <div className="stack">
      <div className="row between pad">
        <p className="muted">{strings.signedInAs(fullName(session.guest))}</p>
        <button
          type="button"
          className="link"
          part="link"
          onClick={() => {
            onSignOut();
            void connection.signOut();
          }}
        >
          {strings.signOut}
        </button>
      </div>
      {failed ? (
        <Retry message={describeError(failed, strings)} onRetry={connection.refresh} />
      ) : !ready || !info.data || !household.data ? (
        <Busy />
      ) : (
        <>
          <EventTitle info={info.data} focusHeading={focusHeading} />
          <RsvpCard connection={connection} info={info.data} household={household.data} rsvp={rsvp.data ?? null} later={parts} />
          {parts ? (
            <>
              <parts.EventDetails info={info.data} />
              <parts.HouseholdCard connection={connection} household={household.data} />
              <parts.GuestData connection={connection} />
            </>
          ) : null}
        </>
      )}
    </div>
  );
}
