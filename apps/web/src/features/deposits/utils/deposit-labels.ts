import type { DepositProvider, DepositStatus } from '@app/contracts';

type ChipColor = 'default' | 'warning' | 'success' | 'error';

export const depositStatusLabels: Record<DepositStatus, { label: string; color: ChipColor }> = {
  pending: { label: 'Pending', color: 'warning' },
  confirmed: { label: 'Confirmed', color: 'success' },
  rejected: { label: 'Rejected', color: 'error' },
  failed: { label: 'Failed', color: 'error' },
  expired: { label: 'Expired', color: 'default' },
};

export const providerLabels: Record<DepositProvider, string> = {
  gateway: 'Payment gateway',
  manual: 'Manual transfer',
};

/** What each way of paying means for the member, shown next to the choice. */
export const providerDescription = (provider: DepositProvider, network: string | undefined) =>
  provider === 'gateway'
    ? "Pay on the gateway's page from any crypto wallet; credited automatically once it completes."
    : `Send USDT${network ? ` (${network})` : ''} to our address, then give the transaction hash; credited once our team confirms it.`;
