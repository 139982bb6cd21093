import { useEffect, type RefObject } from 'react';

/** After a failed submit, moves the focus to the first field marked invalid in the form. */
export function useFocusFirstInvalid(form: RefObject<HTMLElement | null>, attempt: number): void {
  useEffect(() => {
    if (attempt) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [form, attempt]);
}

/** The platform a guest signs in from, as the contract names it. */
export function platform(): 'DESKTOP' | 'IOS' | 'ANDROID' {
  const agent = navigator.userAgent;
  if (/Android/i.test(agent)) return 'ANDROID';
  if (/iPhone|iPad|iPod/i.test(agent) || (/Macintosh/.test(agent) && navigator.maxTouchPoints > 1)) return 'IOS';
  return 'DESKTOP';
}
