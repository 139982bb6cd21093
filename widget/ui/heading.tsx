import { useEffect, useRef, type ReactNode } from 'react';

/**
 * A screen's title. With `focus`, it takes the focus when it mounts, so keyboard and screen
 * reader users land on the new screen after signing in or out (never on a page load).
 */
export function Heading({ id, focus, children }: { id?: string; focus?: boolean; children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
    // Only on mount: the screen changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <h2 id={id} ref={ref} tabIndex={-1} part="heading">
      {children}
    </h2>
  );
}
