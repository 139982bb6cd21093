import { useEffect, useRef } from 'react';
import type { Connection } from './data/connection';
import type { FirstPaintState } from './mount-options';
import { describeError, errorCode } from './data/errors';
import { useGuestState } from './data/use-guest-state';
import { SignedIn } from './event/signed-in';
import { useStrings } from './i18n';
import { SignIn } from './sign-in/sign-in';
import { Alert } from './ui/field';
import { Busy, Retry } from './ui/status';

export interface WidgetProps {
  /** Undefined when the element has no `occasion` attribute. */
  connection: Connection | undefined;
  /** `?invite=CODE` from the page's URL (or the code sent before the app came), or `''`. */
  inviteCode: string;
  /** The sign-in form widget.js painted, as the guest left it. */
  typed?: FirstPaintState | undefined;
}

/** The whole widget: a configuration error, the session check, sign-in, or the guest's screens. */
export function Widget({ connection, inviteCode, typed }: WidgetProps) {
  const strings = useStrings();
  if (!connection) return <Alert tone="bad">{strings.missingOccasion}</Alert>;
  return <SessionGate connection={connection} inviteCode={inviteCode} typed={typed} />;
}

function SessionGate({ connection, inviteCode, typed }: WidgetProps & { connection: Connection }) {
  const strings = useStrings();
  const state = useGuestState(connection);
  /** Focus follows the guest's own sign-in or sign-out (one sent from widget.js's form too), never a page load. */
  const acted = useRef(!!typed?.submitted);
  /** What the guest did in widget.js's form carries over to the first sign-in form only, not to one after a sign-out. */
  const handedOver = useRef(typed);
  if (state.session) handedOver.current = undefined;

  // After widget.js's own sign-in form (no kept token), the app's replaces it at once rather than "Loading…".
  if (!state.ready && !handedOver.current) return <Busy />;
  if (state.sessionError && !state.session) {
    if (errorCode(state.sessionError) === 'ORIGIN_NOT_ALLOWED') return <OriginRefused />;
    return <Retry message={describeError(state.sessionError, strings)} onRetry={() => connection.start(true)} />;
  }
  // A sign-in's answer carries the guest's data, so the RSVP form is the render after the sign-in form.
  if (!state.session) {
    return <SignIn connection={connection} inviteCode={inviteCode} typed={handedOver.current} focusHeading={acted.current} onSubmit={() => (acted.current = true)} />;
  }
  return (
    <SignedIn
      connection={connection}
      state={state}
      session={state.session}
      focusHeading={acted.current}
      onSignOut={() => (acted.current = true)}
    />
  );
}

/** The page's origin is not on the occasion's list: no retry can help, the hosts must add it. */
function OriginRefused() {
  const strings = useStrings();
  useEffect(() => {
    console.warn(`Kindly: ${location.origin} is not an allowed origin of this occasion. Add it exactly so in the dashboard: Settings, Allowed origins.`);
  }, []);
  return <Alert tone="bad">{strings.originNotAllowed(location.origin)}</Alert>;
}
