import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { CopyButton } from '../../../components/copy-button.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { SkeletonRows } from '../../../components/skeleton-rows.tsx';
import { usePayoutAddress } from '../api/get-payout-address.ts';
import { AddressText } from './address-text.tsx';
import { PayoutAddressForm } from './payout-address-form.tsx';

/** The saved USDT payout address with a Change button, or the form to set one. */
export function PayoutAddressCard() {
  const { data, isPending, isError, refetch } = usePayoutAddress();
  const [isChanging, setIsChanging] = useState(false);

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="payout-address-title"
      sx={{ p: 2.5 }}
    >
      <Stack spacing={2}>
        <Stack
          direction="row"
          sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}
        >
          <Typography
            id="payout-address-title"
            component="h2"
            variant="subtitle1"
            sx={{ fontWeight: 600 }}
          >
            Payout address
          </Typography>
          {data?.network && <Chip size="small" variant="outlined" label={`USDT ${data.network}`} />}
        </Stack>
        {isPending && <SkeletonRows rows={2} label="Loading payout address" />}
        {isError && (
          <QueryError
            message="Your payout address could not be loaded."
            onRetry={() => void refetch()}
          />
        )}
        {data?.address && !isChanging && (
          <>
            <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
              <AddressText address={data.address} />
              <CopyButton text={data.address} label="Payout address" />
            </Stack>
            <Typography variant="body2" color="text.secondary">
              Withdrawals are paid to this address.
            </Typography>
            <Button
              variant="outlined"
              onClick={() => setIsChanging(true)}
              sx={{ alignSelf: 'flex-start' }}
            >
              Change address
            </Button>
          </>
        )}
        {data && (!data.address || isChanging) && (
          <>
            <Typography variant="body2" color="text.secondary">
              {data.address
                ? 'Enter the new USDT address; a code sent to your email confirms the change.'
                : 'Withdrawals are paid in USDT to an address you save here, confirmed with a code sent to your email.'}
            </Typography>
            <PayoutAddressForm
              onSaved={() => setIsChanging(false)}
              onCancel={data.address ? () => setIsChanging(false) : undefined}
            />
          </>
        )}
      </Stack>
    </Paper>
  );
}
