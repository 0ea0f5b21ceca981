import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { firstScreen } from './first-screen-styles.tsx';

describe('the first screen rendered for its styles', () => {
  it('draws what the dashboard leaves below the fold, so that their styles ride with the page too', async () => {
    render(await firstScreen('active'));
    // At once: the app draws these a frame after its first paint (components/below-the-fold.tsx).
    expect(screen.getByRole('region', { name: 'Invite members' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Add USDT to your fund wallet/ })).toBeInTheDocument();
  });
});
