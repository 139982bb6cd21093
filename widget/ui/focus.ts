import { useEffect, useState, type RefObject } from 'react';

/**
 * Moves the focus to the first field marked invalid in the form, once it has rendered.
 *
 * @returns Call it after each failed submit.
 */
export function useFocusFirstInvalid(form: RefObject<HTMLElement | null>): () => void {
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (attempt) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [form, attempt]);
  return () => setAttempt((count) => count + 1);
}

/** The platform a guest signs in from, as the contract names it. */
export function platform(): 'DESKTOP' | 'IOS' | 'ANDROID' {
  const agent = navigator.userAgent;
  return /Android/.test(agent) ? 'ANDROID' : /iPhone|iPad|iPod/.test(agent) || (/Mac/.test(agent) && navigator.maxTouchPoints > 1) ? 'IOS' : 'DESKTOP';
}
