import { microsToDollars, WITHDRAWAL_FEE_PERCENT } from '@app/contracts';
import Paper from '@mui/material/Paper';
import type { ReactNode } from 'react';
import { DetailList, type Detail } from '../../../components/detail-list.tsx';
import { Money } from '../../../components/money.tsx';
import type { FeePreview } from '../utils/withdrawal-form.ts';

type Props = {
  preview: FeePreview | null;
  /** Lines shown before the amounts (the wallet, the address), e.g. on the confirm step. */
  before?: Detail[];
  label?: string;
};

const money = (micros: bigint | undefined): ReactNode =>
  micros === undefined ? '—' : <Money value={microsToDollars(micros)} decimals="amount" />;

/** The amount, the 5 % fee and what reaches the address; dashes until the amount is valid. */
export function FeeSummary({ preview, before = [], label = 'Fee and net amount' }: Props) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={label}
      sx={{ p: 2, bgcolor: 'action.hover' }}
    >
      <DetailList
        items={[
          ...before,
          { label: 'Amount', value: money(preview?.amount) },
          { label: `Fee (${WITHDRAWAL_FEE_PERCENT} %)`, value: money(preview?.fee) },
          { label: 'You receive', value: money(preview?.net) },
        ]}
      />
    </Paper>
  );
}
