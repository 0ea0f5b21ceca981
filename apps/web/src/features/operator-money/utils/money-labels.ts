import type { AdjustmentStatus, DepositStatus, WithdrawalStatus } from '@app/contracts';

type ChipColor = 'default' | 'primary' | 'success' | 'warning' | 'error' | 'info';
export type StatusLook = { label: string; color: ChipColor };

export const depositStatusLooks: Record<DepositStatus, StatusLook> = {
  pending: { label: 'Pending', color: 'warning' },
  confirmed: { label: 'Confirmed', color: 'success' },
  rejected: { label: 'Rejected', color: 'error' },
  failed: { label: 'Failed', color: 'error' },
  expired: { label: 'Expired', color: 'default' },
};

export const withdrawalStatusLooks: Record<WithdrawalStatus, StatusLook> = {
  pending: { label: 'Pending', color: 'warning' },
  paid: { label: 'Paid', color: 'success' },
  rejected: { label: 'Rejected', color: 'error' },
  cancelled: { label: 'Cancelled', color: 'default' },
};

export const adjustmentStatusLooks: Record<AdjustmentStatus, StatusLook> = {
  pending: { label: 'Pending', color: 'warning' },
  approved: { label: 'Approved', color: 'success' },
  rejected: { label: 'Rejected', color: 'error' },
};
