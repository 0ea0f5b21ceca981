import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, signInAs } from '../../testing/render.tsx';

async function openPayment(status: string) {
  signInAs();
  renderApp(`/payment/${status}`);
  return screen.findByRole('heading', { level: 1 });
}

const linksOf = (region: HTMLElement) =>
  within(region)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);

describe('payment outcome', () => {
  it('after a payment: says it is credited once complete, and leads to the history first', async () => {
    expect(await openPayment('success')).toHaveTextContent('Payment received');
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(
      'Your payment went through',
    );
    expect(screen.getByText(/credited to your fund wallet once the gateway/)).toBeInTheDocument();
    expect(linksOf(screen.getByRole('main'))).toEqual([
      ['Deposit history', '/fund/deposit-history'],
      ['Deposit again', '/fund/deposits'],
      ['Dashboard', '/dashboard'],
    ]);
  });

  it('while pending: tells the member not to pay again', async () => {
    expect(await openPayment('pending')).toHaveTextContent('Payment pending');
    expect(screen.getByText(/Do not pay again/)).toBeInTheDocument();
  });

  it('after a failure or a cancel: nothing credited, and a new deposit comes first', async () => {
    expect(await openPayment('failed')).toHaveTextContent('Payment failed');
    expect(screen.getByText(/Nothing was credited/)).toBeInTheDocument();
    expect(linksOf(screen.getByRole('main'))[0]).toEqual(['Deposit again', '/fund/deposits']);
  });

  it('after a cancel: nothing charged', async () => {
    expect(await openPayment('cancelled')).toHaveTextContent('Payment cancelled');
    expect(screen.getByText(/Nothing was charged/)).toBeInTheDocument();
    expect(linksOf(screen.getByRole('main'))[0]).toEqual(['Deposit again', '/fund/deposits']);
  });

  it('answers an unknown status, even an Object property name, with Page not found', async () => {
    expect(await openPayment('constructor')).toHaveTextContent('Page not found');
  });
});
