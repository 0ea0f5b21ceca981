import { render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { Money } from './money.tsx';

// The display rules themselves are pinned by the contracts' formatMoney tests; this checks
// that Money shows an amount through them with the format it is given.
const shown = (element: ReactElement) => {
  const { unmount } = render(element);
  const text = screen.getByTestId('money').textContent;
  unmount();
  return text;
};

describe('Money', () => {
  it('shows the amount in the format asked for: header, card or amount', () => {
    expect(shown(<Money value={1234.56789} decimals={4} data-testid="money" />)).toBe(
      '$1,234.5679',
    );
    expect(shown(<Money value={1234.5} decimals={2} data-testid="money" />)).toBe('$1,234.50');
    expect(shown(<Money value={12.5} decimals="amount" data-testid="money" />)).toBe('$12.50');
    expect(shown(<Money value={0.945} decimals="amount" data-testid="money" />)).toBe('$0.9450');
    expect(shown(<Money value={0.3} decimals="amount" data-testid="money" />)).toBe('$0.30');
  });

  it('shows 0 for a missing value and signs a credit when asked', () => {
    expect(shown(<Money value={undefined} decimals={2} data-testid="money" />)).toBe('$0.00');
    expect(shown(<Money value={5} decimals="amount" isSigned data-testid="money" />)).toBe(
      '+$5.00',
    );
  });
});
