import type { DepositView, ManualDepositInstructions } from '@app/contracts';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { LinkButton } from '../../../components/link-button.tsx';
import { Money } from '../../../components/money.tsx';
import { QrCode } from '../../../components/qr-code.tsx';
import { paths } from '../../../config/paths.ts';
import { CopyableField } from './copyable-field.tsx';
import { TxHashForm } from './tx-hash-form.tsx';

type Props = {
  deposit: DepositView;
  instructions: ManualDepositInstructions;
  onStartAgain: () => void;
};

/** After a manual deposit is created: where to send the USDT, then its transaction hash. */
export function ManualDepositInstructions({ deposit, instructions, onStartAgain }: Props) {
  const [saved, setSaved] = useState<DepositView | null>(deposit.txHash ? deposit : null);
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="manual-deposit-title"
      sx={{ p: { xs: 2, sm: 3 }, maxWidth: 640 }}
    >
      <Stack spacing={2.5}>
        <Stack spacing={0.5}>
          <Typography
            id="manual-deposit-title"
            component="h2"
            variant="h6"
            sx={{ fontWeight: 700 }}
          >
            Send{' '}
            <Money value={deposit.amount} decimals="amount" variant="h6" sx={{ fontWeight: 700 }} />{' '}
            in {instructions.asset}
          </Typography>
          <Typography color="text.secondary">
            Transfer exactly this amount on the {instructions.network} network to the address below.
            Your deposit stays pending until our team confirms the transfer.
          </Typography>
        </Stack>
        <CopyableField label="Network" value={instructions.network} />
        <CopyableField label="Address" value={instructions.address} />
        <QrCode
          value={instructions.address}
          label={`QR code of the ${instructions.network} address`}
        />
        <Alert severity="warning" variant="outlined">
          Send only {instructions.asset} on {instructions.network}; anything else sent to this
          address is lost.
        </Alert>
        {saved ? (
          <Alert severity="success" icon={<CheckCircleRounded />}>
            Transaction hash saved. We will let you know when the deposit is credited to your fund
            wallet.
          </Alert>
        ) : (
          <Stack spacing={1}>
            <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
              Sent it? Add the transaction hash
            </Typography>
            <Typography variant="body2" color="text.secondary">
              You can also add it later from your deposit history.
            </Typography>
            <TxHashForm depositId={deposit.id} onSaved={setSaved} />
          </Stack>
        )}
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
          <LinkButton to={paths.depositHistory} variant="outlined">
            Deposit history
          </LinkButton>
          <Button onClick={onStartAgain}>New deposit</Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
