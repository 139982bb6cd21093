import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

/**
 * `getScrollElement` for @tanstack/react-virtual that hands the list's scroll element over after
 * the list's first paint, with `initialOffset` to go with it. Attaching reads the element's size
 * and writes its scroll offset, and each makes the browser lay the whole page out at once, inside
 * React's commit: on a 10,000-guest list at 4× CPU that added ~80 to 160 ms to the one task that
 * rendered the first rows. Until then the virtualiser places rows by its `initialRect`; after the
 * paint the layout is done, so attaching costs little. The virtualiser then writes the offset it
 * had (the top); a scroll made before then is put back after that write.
 *
 * @param ref The list's scroll element.
 * @returns The virtualiser's `getScrollElement` option.
 */
export function useScrollElementAfterPaint<E extends HTMLElement>(ref: RefObject<E | null>): { getScrollElement: () => E | null } {
  const [painted, setPainted] = useState(false);
  const early = useRef(0);
  useEffect(() => {
    // The frame's callback runs before its paint; the timer it sets, after.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        early.current = ref.current?.scrollTop ?? 0;
        setPainted(true);
      }, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [ref]);
  // After the virtualiser's layout effect has attached the element and written its offset.
  useEffect(() => {
    if (painted && early.current > 0 && ref.current) ref.current.scrollTop = early.current;
  }, [painted, ref]);
  const getScrollElement = useCallback(() => (painted ? ref.current : null), [painted, ref]);
  return { getScrollElement };
}
