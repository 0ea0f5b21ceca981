import { act, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useNearViewport } from './use-near-viewport.ts';

/** A stand-in for the browser's observer (jsdom has none): the test says when it intersects. */
class FakeObserver {
  static latest: FakeObserver | null = null;
  readonly observed: Element[] = [];
  isConnected = true;
  constructor(readonly callback: (entries: { isIntersecting: boolean }[]) => void) {
    FakeObserver.latest = this;
  }
  observe(target: Element) {
    this.observed.push(target);
  }
  disconnect() {
    this.isConnected = false;
  }
  /** The browser's report after a scroll. */
  report(isIntersecting: boolean) {
    act(() => this.callback([{ isIntersecting }]));
  }
}

function Probe() {
  const place = useRef<HTMLDivElement>(null);
  return <div ref={place}>{useNearViewport(place) ? 'near' : 'far'}</div>;
}

describe('useNearViewport', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('turns true once the place nears the viewport, and stops watching', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    render(<Probe />);
    const observer = FakeObserver.latest!;
    expect(observer.observed).toEqual([screen.getByText('far')]);
    observer.report(false); // still below the fold
    expect(screen.getByText('far')).toBeInTheDocument();
    observer.report(true);
    expect(screen.getByText('near')).toBeInTheDocument();
    expect(observer.isConnected).toBe(false);
  });

  it('is true at once where the browser cannot tell (no IntersectionObserver)', () => {
    render(<Probe />);
    expect(screen.getByText('near')).toBeInTheDocument();
  });
});
