import { Suspense, useEffect, useState, type ReactNode } from 'react';

type Props = {
  /** What holds the place on the first paint and while the code loads: the same size. */
  fallback: ReactNode;
  /** A lazy component: its code is asked for only once the screen has been painted. */
  children: ReactNode;
};

/**
 * Renders `children` only after the screen's first paint, `fallback` until their code is in. A
 * lazy component rendered at once would ask for its chunk during the first render, beside the
 * screen's own scripts and data; after the paint it costs the first screen nothing.
 */
export function AfterFirstPaint({ fallback, children }: Props) {
  const [isPainted, setPainted] = useState(false);
  useEffect(() => {
    // A frame, then a task: the browser has painted by the time it runs.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return isPainted ? <Suspense fallback={fallback}>{children}</Suspense> : fallback;
}
