import { startTransition, useEffect, useState, type RefObject } from 'react';

// A little before it scrolls in, so what waits is usually drawn by the time it shows.
const VISIBLE_MARGIN = '200px';

/** Whether the browser can tell when an element nears the viewport (jsdom cannot). */
export const canWatchViewport = () => typeof IntersectionObserver !== 'undefined';

/**
 * True once the element of `place` has come within VISIBLE_MARGIN of the viewport, and from
 * then on; always true where the browser cannot tell (canWatchViewport).
 */
export function useNearViewport(place: RefObject<Element | null>, isEnabled = true): boolean {
  const [isNear, setNear] = useState(false);
  useEffect(() => {
    const target = place.current;
    if (!isEnabled || isNear || !target || !canWatchViewport()) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        // What waited is rendered in slices that yield to the browser, as the member scrolls.
        startTransition(() => setNear(true));
      },
      { rootMargin: VISIBLE_MARGIN },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [place, isEnabled, isNear]);
  return isNear || !canWatchViewport();
}
