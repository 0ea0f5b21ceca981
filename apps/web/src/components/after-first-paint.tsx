import Box from '@mui/material/Box';
import { Suspense, useRef, type ReactNode } from 'react';
import { useAfterFirstPaint } from '../lib/use-after-first-paint.ts';
import { canWatchViewport, useNearViewport } from '../lib/use-near-viewport.ts';

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

/**
 * Renders `children` only after the screen's first paint (or once their place nears the
 * viewport), `fallback` until their code is in. A lazy component rendered at once would ask for
 * its chunk during the first render, beside the screen's own scripts and data; after the paint it
 * costs the first screen nothing.
 */
export function AfterFirstPaint({ fallback, children, isWhenVisible = false }: Props) {
  const place = useRef<HTMLDivElement>(null);
  // Where the browser cannot tell (jsdom), the card waits for the paint only.
  const waitsForView = isWhenVisible && canWatchViewport();
  const isNear = useNearViewport(place, waitsForView);
  const isPainted = useAfterFirstPaint(!waitsForView);
  const isReady = waitsForView ? isNear : isPainted;
  if (isReady) return <Suspense fallback={fallback}>{children}</Suspense>;
  return (
    <Box ref={place} sx={{ height: '100%' }}>
      {fallback}
    </Box>
  );
}
