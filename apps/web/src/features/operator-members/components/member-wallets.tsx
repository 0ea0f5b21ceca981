import { walletLabels, type OperatorMemberDetail, type StatementWallet } from '@app/contracts';
import AccountBalanceWalletRounded from '@mui/icons-material/AccountBalanceWalletRounded';
import AutorenewRounded from '@mui/icons-material/AutorenewRounded';
import SavingsRounded from '@mui/icons-material/SavingsRounded';
import Grid from '@mui/material/Grid';
import type { ReactNode } from 'react';
import { DetailList } from '../../../components/detail-list.tsx';
import { Money } from '../../../components/money.tsx';
import { WalletCard, type WalletTone } from '../../../components/wallet-card.tsx';

const look: Record<StatementWallet, { icon: ReactNode; tone: WalletTone }> = {
  fund: { icon: <AccountBalanceWalletRounded />, tone: 'primary' },
  profit: { icon: <SavingsRounded />, tone: 'success' },
  compounding: { icon: <AutorenewRounded />, tone: 'info' },
};

const money = (value: number) => <Money value={value} decimals="amount" />;

/** The member's three wallets: balance, held by pending withdrawals, and available. */
export function MemberWallets({ wallets }: { wallets: OperatorMemberDetail['wallets'] }) {
  return (
    <Grid container spacing={2}>
      {(Object.keys(look) as StatementWallet[]).map((wallet) => (
        <Grid key={wallet} size={{ xs: 12, md: 4 }}>
          <WalletCard title={`${walletLabels[wallet]} wallet`} {...look[wallet]}>
            <Money
              value={wallets[wallet].total}
              decimals="amount"
              variant="h5"
              noWrap
              sx={{ fontWeight: 700 }}
            />
            <DetailList
              dense
              items={[
                { label: 'Held', value: money(wallets[wallet].held) },
                { label: 'Available', value: money(wallets[wallet].available) },
              ]}
            />
          </WalletCard>
        </Grid>
      ))}
    </Grid>
  );
}
