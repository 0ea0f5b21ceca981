import {
  microsToDollars,
  walletLabels,
  WITHDRAWAL_WALLETS,
  type WithdrawalWallet,
} from '@app/contracts';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Money } from '../../../components/money.tsx';
import type { AvailableMicros } from '../utils/withdrawal-form.ts';

type Props = {
  value: WithdrawalWallet;
  available: AvailableMicros;
  onChange: (wallet: WithdrawalWallet) => void;
  disabled?: boolean;
};

/** Profit or compounding (never the fund wallet), each with what it has available now. */
export function WalletChoice({ value, available, onChange, disabled }: Props) {
  return (
    <FormControl disabled={disabled}>
      <FormLabel id="withdrawal-wallet-label" sx={{ mb: 1 }}>
        From wallet
      </FormLabel>
      <RadioGroup
        aria-labelledby="withdrawal-wallet-label"
        value={value}
        onChange={(event) => onChange(event.target.value as WithdrawalWallet)}
      >
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          {WITHDRAWAL_WALLETS.map((wallet) => {
            const balance = available[wallet];
            return (
              <Paper
                key={wallet}
                variant="outlined"
                sx={{
                  flex: 1,
                  pl: 1,
                  pr: 2,
                  py: 0.5,
                  borderColor: value === wallet ? 'primary.main' : undefined,
                }}
              >
                <FormControlLabel
                  value={wallet}
                  control={<Radio />}
                  sx={{ m: 0, width: '100%' }}
                  label={
                    <Stack>
                      <Typography sx={{ fontWeight: 600 }}>
                        {walletLabels[wallet]} wallet
                      </Typography>
                      <Typography variant="body2" color="text.secondary">
                        {balance === undefined ? (
                          '…'
                        ) : (
                          <Money value={microsToDollars(balance)} decimals={2} variant="body2" />
                        )}{' '}
                        available
                      </Typography>
                    </Stack>
                  }
                />
              </Paper>
            );
          })}
        </Stack>
      </RadioGroup>
    </FormControl>
  );
}
