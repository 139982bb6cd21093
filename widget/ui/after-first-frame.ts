import { useEffect, useState } from 'react';

/** Runs `then` in a task after the next frame (a requestAnimationFrame callback runs before its frame paints). */
export function afterNextFrame(then: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => (timer = setTimeout(then)));
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * False on the first render, true once the frame that painted it is done: what is below the
 * first screen renders then, so it does not delay that frame.
 */
export function useAfterFirstFrame(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => afterNextFrame(() => setPainted(true)), []);
  return painted;
}
