import { createContext, useContext } from 'react';
import type { Occasion } from '../../core/schemas/occasion';

/** The occasion whose pages are shown (loaded once by the occasion layout). */
export const OccasionContext = createContext<Occasion | null>(null);

/** The current occasion; only inside `/occasion/:occasionId/*`. */
export function useOccasion(): Occasion {
  const occasion = useContext(OccasionContext);
  if (!occasion) throw new Error('useOccasion is only available under /occasion/:occasionId.');
  return occasion;
}
