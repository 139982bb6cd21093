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
