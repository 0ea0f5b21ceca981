import type { DepositView } from '@app/contracts';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { CopyableText } from '../../../components/copyable-text.tsx';

type Props = { deposit: DepositView; onAddHash: (deposit: DepositView) => void };

/** A pending manual deposit still waiting for its hash asks for it; other deposits show theirs. */
export const needsTxHash = (deposit: DepositView) =>
  deposit.provider === 'manual' && deposit.status === 'pending' && !deposit.txHash;

export function DepositTxHash({ deposit, onAddHash }: Props) {
  if (deposit.txHash) return <CopyableText text={deposit.txHash} label="Transaction hash" />;
  if (needsTxHash(deposit))
    return (
      <Button
        size="small"
        variant="outlined"
        onClick={() => onAddHash(deposit)}
        sx={{ whiteSpace: 'nowrap' }}
      >
        Add transaction hash
      </Button>
    );
  return (
    <Typography variant="body2" color="text.secondary">
      —
    </Typography>
  );
}

/** Why a deposit ended as it did (rejected, failed, expired), when the server says. */
export function DepositReason({ deposit }: { deposit: DepositView }) {
  if (!deposit.reason) return null;
  return (
    <Typography variant="body2" color={deposit.status === 'pending' ? 'text.secondary' : 'error'}>
      {deposit.reason}
    </Typography>
  );
}
