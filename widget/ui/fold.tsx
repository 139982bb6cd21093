import { useEffect, useRef, type ReactNode, type Ref } from 'react';

export interface FoldProps {
  title: string;
  summaryRef?: Ref<HTMLElement>;
  /** Called when the focus or a click lands elsewhere in the widget (the guest moved on). */
  onLeave?: () => void;
  children: ReactNode;
}

/** A card folded under its title: a native `<details>`, so it opens by keyboard and reads as a disclosure. */
export function Fold({ title, summaryRef, onLeave, children }: FoldProps) {
  const details = useRef<HTMLDetailsElement>(null);
  const leave = useRef(onLeave);
  leave.current = onLeave;
  useEffect(() => {
    const element = details.current!;
    const root = element.getRootNode();
    // Moving on: the focus or a click lands outside the fold.
    const listener = (event: Event) => {
      if (!element.contains(event.target as Node)) leave.current?.();
    };
    root.addEventListener('focusin', listener);
    root.addEventListener('pointerdown', listener);
    return () => {
      root.removeEventListener('focusin', listener);
      root.removeEventListener('pointerdown', listener);
    };
  }, []);
  return (
    <details ref={details} className="card fold" part="card">
      <summary ref={summaryRef} part="heading">
        {title}
      </summary>
      <div className="stack">{children}</div>
    </details>
  );
}
