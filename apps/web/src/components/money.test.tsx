import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Money } from './money.tsx';

const shown = (value: number | null | undefined, decimals: 2 | 4 | 'display' | 'amount') => {
  const { unmount } = render(<Money value={value} decimals={decimals} data-testid="money" />);
  const text = screen.getByTestId('money').textContent;
  unmount();
  return text;
};

describe('Money (seed-spec §9 number display)', () => {
  it('shows 4 decimals for the header', () => {
    expect(shown(1234.56789, 4)).toBe('$1,234.5679');
    expect(shown(5, 4)).toBe('$5.0000');
  });

  it('shows 2 decimals on cards', () => {
    expect(shown(1234.5, 2)).toBe('$1,234.50');
    expect(shown(0.005, 2)).toBe('$0.01');
  });

  it('applies the display rule: more than 4 decimals shows 4, fewer stay as they are', () => {
    expect(shown(0.123456, 'display')).toBe('$0.1235');
    expect(shown(12.5, 'display')).toBe('$12.5');
    expect(shown(-3.25, 'display')).toBe('-$3.25');
  });

  it('shows 0 for a falsy value', () => {
    expect(shown(0, 'display')).toBe('$0');
    expect(shown(null, 'display')).toBe('$0');
    expect(shown(undefined, 2)).toBe('$0.00');
  });

  it('shows profits with cents and at most 4 decimals', () => {
    expect(shown(0.3, 'amount')).toBe('$0.30');
    expect(shown(109.5, 'amount')).toBe('$109.50');
    expect(shown(1.234, 'amount')).toBe('$1.234');
    expect(shown(3.703701, 'amount')).toBe('$3.7037');
    expect(shown(12345, 'amount')).toBe('$12,345.00');
    expect(shown(0, 'amount')).toBe('$0.00');
  });
});
