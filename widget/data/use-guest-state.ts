import { useEffect, useState } from 'react';
import type { Connection, GuestState } from './connection';

/**
 * The connection's state, re-rendering on change; asks for the session on first use.
 * Unmounting unsubscribes, so a removed widget leaves no listener behind.
 */
export function useGuestState(connection: Connection): GuestState {
  const [, setTick] = useState(0);
  const state = connection.get();
  useEffect(() => {
    const rerender = () => setTick((tick) => tick + 1);
    const stop = connection.subscribe(rerender);
    connection.start();
    if (connection.get() !== state) rerender();
    return stop;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [connection]);
  return connection.get();
}
