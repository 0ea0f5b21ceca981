import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BelowTheFold, WholeScreen } from './below-the-fold.tsx';

const Screen = () => (
  <>
    <h1>Above</h1>
    <BelowTheFold>
      <p>Below</p>
    </BelowTheFold>
  </>
);

describe('BelowTheFold', () => {
  it('leaves its part out of the first commit and draws it once the screen has been painted', async () => {
    render(<Screen />);
    // render() has run the effects: only a frame and a task later does the part come in.
    expect(screen.getByRole('heading', { name: 'Above' })).toBeInTheDocument();
    expect(screen.queryByText('Below')).not.toBeInTheDocument();
    expect(await screen.findByText('Below')).toBeInTheDocument();
  });

  it('draws its part at once for the render that collects a first screen’s styles', () => {
    render(
      <WholeScreen>
        <Screen />
      </WholeScreen>,
    );
    expect(screen.getByText('Below')).toBeInTheDocument();
  });
});
