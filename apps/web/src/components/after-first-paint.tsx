import Box from '@mui/material/Box';
import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';

type Props = {
  /** What holds the place on the first paint and while the code loads: the same size. */
  fallback: ReactNode;
  /** A lazy component: its code is asked for only once the screen has been painted. */
  children: ReactNode;
  /**
   * Wait further, until the place is about to scroll into view: for a heavy card below the fold
   * (the earnings chart and its library), which a phone's first screen never shows.
   */
  isWhenVisible?: boolean;
};

// Starts the card a little before it scrolls in, so it is usually drawn by the time it shows.
const VISIBLE_MARGIN = '200px';

/**
 * Renders `children` only after the screen's first paint (or once their place nears the
 * viewport), `fallback` until their code is in. A lazy component rendered at once would ask for
 * its chunk during the first render, beside the screen's own scripts and data; after the paint it
 * costs the first screen nothing.
 */
export function AfterFirstPaint({ fallback, children, isWhenVisible = false }: Props) {
  const [isReady, setReady] = useState(false);
  const place = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const target = place.current;
    // Where IntersectionObserver is missing (jsdom), the card waits for the paint only.
    if (isWhenVisible && target && typeof IntersectionObserver !== 'undefined') {
      const observer = new IntersectionObserver(
        (entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return;
          observer.disconnect();
          setReady(true);
        },
        { rootMargin: VISIBLE_MARGIN },
      );
      observer.observe(target);
      return () => observer.disconnect();
    }
    // A frame, then a task: the browser has painted by the time it runs.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setReady(true));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [isWhenVisible]);
  if (isReady) return <Suspense fallback={fallback}>{children}</Suspense>;
  return (
    <Box ref={place} sx={{ height: '100%' }}>
      {fallback}
    </Box>
  );
}
