import { useEffect, useRef } from 'react';
import type { Guest } from '../../core/schemas/guest';
import { keptDraftKeys } from '../data/drafts';

/** The guest form to open again after a sign-in (one whose draft was kept), if any. */
export function guestToReopen(occasionId: string, guests: readonly Guest[]): Guest | 'new' | null {
  for (const id of keptDraftKeys(`guest:${occasionId}:`)) {
    if (id === 'new') return 'new';
    const guest = guests.find((entry) => entry.id === id);
    if (guest) return guest;
  }
  return null;
}

/**
 * Opens the guest form kept across a sign-in once the list is shown, not in the render that shows
 * it: the page's first read of `sessionStorage` waits on the browser process (a synchronous call),
 * which a profile at 4× CPU on a busy machine found in the list's first render.
 */
export function useReopenGuestForm(occasionId: string, guests: readonly Guest[], open: (guest: Guest | 'new') => void, whole = true): void {
  const done = useRef(false);
  useEffect(() => {
    // Once, when the whole list is first shown (its first page may not hold the guest): later answers must not open the form again.
    if (!whole || done.current) return;
    done.current = true;
    const reopen = guestToReopen(occasionId, guests);
    if (reopen) open(reopen);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [whole]);
}
