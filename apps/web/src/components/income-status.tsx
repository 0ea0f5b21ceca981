import { incomeStatusLabels, type IncomeRecord, type IncomeStatus } from '@app/contracts';
import Box from '@mui/material/Box';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { Money } from './money.tsx';
import { visuallyHidden } from './visually-hidden.ts';

const chipLook: Record<IncomeStatus, { color: ChipProps['color']; variant: ChipProps['variant'] }> =
  {
    paid: { color: 'success', variant: 'outlined' },
    pending: { color: 'info', variant: 'outlined' },
    'not-paid': { color: 'default', variant: 'filled' },
  };

/**
 * The record's status, and the plan's reason when it was not paid (or paid in part), under it
 * as its own line: a table cell or a phone card's detail reads "Not paid" then why.
 */
export function IncomeStatusCell({ record }: { record: IncomeRecord }) {
  return (
    <>
      <Chip size="small" label={incomeStatusLabels[record.status]} {...chipLook[record.status]} />
      {record.notPaidReason && (
        <Typography
          component="div"
          variant="caption"
          color="text.secondary"
          sx={{ mt: 0.5, maxWidth: 240 }}
        >
          {record.notPaidReason}
        </Typography>
      )}
    </>
  );
}

/**
 * What the record paid. An amount not paid is what the plan would have paid: muted and struck
 * through, and said so to screen readers, so nobody reads it as money received.
 */
export function IncomeAmount({ record }: { record: IncomeRecord }) {
  if (record.status !== 'not-paid') return <Money value={record.amount} decimals="amount" />;
  return (
    <>
      <Money
        value={record.amount}
        decimals="amount"
        sx={{ color: 'text.secondary', textDecoration: 'line-through', fontWeight: 400 }}
      />
      <Box component="span" sx={visuallyHidden}>
        {' (not paid)'}
      </Box>
    </>
  );
}
