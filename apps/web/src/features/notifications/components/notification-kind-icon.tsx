import AccountBalanceWalletRounded from '@mui/icons-material/AccountBalanceWalletRounded';
import EmojiEventsRounded from '@mui/icons-material/EmojiEventsRounded';
import NotificationsRounded from '@mui/icons-material/NotificationsRounded';
import ShieldRounded from '@mui/icons-material/ShieldRounded';
import SupportAgentRounded from '@mui/icons-material/SupportAgentRounded';
import TrendingUpRounded from '@mui/icons-material/TrendingUpRounded';
import Avatar from '@mui/material/Avatar';
import type { NotificationKind } from '@app/contracts';
import type { ReactElement } from 'react';

const icons: Record<NotificationKind, { icon: ReactElement; color: string }> = {
  general: { icon: <NotificationsRounded fontSize="small" />, color: 'primary.main' },
  money: { icon: <AccountBalanceWalletRounded fontSize="small" />, color: 'primary.main' },
  income: { icon: <TrendingUpRounded fontSize="small" />, color: 'success.main' },
  rank: { icon: <EmojiEventsRounded fontSize="small" />, color: 'warning.main' },
  ticket: { icon: <SupportAgentRounded fontSize="small" />, color: 'info.main' },
  security: { icon: <ShieldRounded fontSize="small" />, color: 'error.main' },
};

/** The round icon before a notification: what kind of event it tells about (decorative). */
export function NotificationKindIcon({ kind }: { kind: NotificationKind }) {
  const { icon, color } = icons[kind];
  return (
    <Avatar aria-hidden sx={{ width: 32, height: 32, bgcolor: 'action.hover', color }}>
      {icon}
    </Avatar>
  );
}
