import { createContext, useContext, type ReactNode } from 'react';
import { useAfterFirstPaint } from '../lib/use-after-first-paint.ts';

const IsWholeScreen = createContext(false);

/**
 * The part of a screen below what a phone shows first: rendered only once the part above has
 * been painted, in a commit and a layout of its own. The first screen's commit and the layout
 * after it were among the longest tasks of a signed-in first load; whatever they need not draw
 * shortens them.
 * Nothing here may sit above content drawn at once, or its arrival would push that content down.
 */
export function BelowTheFold({ children }: { children: ReactNode }) {
  const isWholeScreen = useContext(IsWholeScreen);
  const isPainted = useAfterFirstPaint(!isWholeScreen);
  return isWholeScreen || isPainted ? children : null;
}

/**
 * Draws what is below the fold at once: for the build's render of a first screen for its styles
 * (app/first-screen-styles.tsx), so that the later commit finds them inserted as well.
 */
export function WholeScreen({ children }: { children: ReactNode }) {
  return <IsWholeScreen value>{children}</IsWholeScreen>;
}
