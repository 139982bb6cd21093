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
