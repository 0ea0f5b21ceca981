import { startTransition, useEffect, useState } from 'react';

/**
 * False until the screen has been painted, then true: a frame, then a task, so the browser has
 * painted by the time it flips. The flip is a transition, so what it adds renders in slices that
 * yield to the browser rather than in one long task. With `isEnabled` false (a caller that waits
 * for something else) it never flips.
 */
export function useAfterFirstPaint(isEnabled = true): boolean {
  const [isPainted, setPainted] = useState(false);
  useEffect(() => {
    if (!isEnabled) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setPainted(true)));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [isEnabled]);
  return isPainted;
}
