import AccountBalanceWalletRounded from '@mui/icons-material/AccountBalanceWalletRounded';
import AccountTreeRounded from '@mui/icons-material/AccountTreeRounded';
import AddCardRounded from '@mui/icons-material/AddCardRounded';
import AutorenewRounded from '@mui/icons-material/AutorenewRounded';
import CandlestickChartRounded from '@mui/icons-material/CandlestickChartRounded';
import CalendarMonthRounded from '@mui/icons-material/CalendarMonthRounded';
import CardGiftcardRounded from '@mui/icons-material/CardGiftcardRounded';
import CurrencyExchangeRounded from '@mui/icons-material/CurrencyExchangeRounded';
import DashboardRounded from '@mui/icons-material/DashboardRounded';
import DateRangeRounded from '@mui/icons-material/DateRangeRounded';
import Diversity3Rounded from '@mui/icons-material/Diversity3Rounded';
import EmojiEventsRounded from '@mui/icons-material/EmojiEventsRounded';
import GroupsRounded from '@mui/icons-material/GroupsRounded';
import HistoryRounded from '@mui/icons-material/HistoryRounded';
import HomeRounded from '@mui/icons-material/HomeRounded';
import InsightsRounded from '@mui/icons-material/InsightsRounded';
import Inventory2Rounded from '@mui/icons-material/Inventory2Rounded';
import OutboxRounded from '@mui/icons-material/OutboxRounded';
import PaymentsRounded from '@mui/icons-material/PaymentsRounded';
import PersonAddRounded from '@mui/icons-material/PersonAddRounded';
import PersonRounded from '@mui/icons-material/PersonRounded';
import ReceiptLongRounded from '@mui/icons-material/ReceiptLongRounded';
import SavingsRounded from '@mui/icons-material/SavingsRounded';
import ShowChartRounded from '@mui/icons-material/ShowChartRounded';
import SupportAgentRounded from '@mui/icons-material/SupportAgentRounded';
import TrendingUpRounded from '@mui/icons-material/TrendingUpRounded';
import type SvgIcon from '@mui/material/SvgIcon';
import { paths } from '../../config/paths.ts';
import { screens, type ScreenKey } from '../screens.ts';

type Icon = typeof SvgIcon;
export type NavItem = { key: ScreenKey; path: string; label: string; icon: Icon };
export type NavGroup = { title: string | null; items: NavItem[] };

const item = (key: ScreenKey, icon: Icon): NavItem => {
  const screen: { title: string; menuLabel?: string } = screens[key];
  return { key, path: paths[key], label: screen.menuLabel ?? screen.title, icon };
};

/** The menu: every screen of the shell, grouped as a member looks for them. */
export const navGroups: NavGroup[] = [
  {
    title: null,
    items: [
      item('dashboard', DashboardRounded),
      item('packages', Inventory2Rounded),
      item('markets', CandlestickChartRounded),
    ],
  },
  {
    title: 'Fund',
    items: [
      item('fund', AccountBalanceWalletRounded),
      item('deposits', AddCardRounded),
      item('depositHistory', HistoryRounded),
      item('investments', TrendingUpRounded),
      item('withdrawal', OutboxRounded),
      item('withdrawalHistory', ReceiptLongRounded),
      item('compoundingWithdrawalHistory', AutorenewRounded),
      item('transactionHistory', CurrencyExchangeRounded),
      item('payout', PaymentsRounded),
    ],
  },
  {
    title: 'Income',
    items: [
      item('referralBonus', CardGiftcardRounded),
      item('teamLevelBonus', AccountTreeRounded),
      item('teamProfit', Diversity3Rounded),
      item('tradeIncome', ShowChartRounded),
      item('weeklyIncome', DateRangeRounded),
      item('monthlyIncome', CalendarMonthRounded),
      item('compoundingIncome', SavingsRounded),
    ],
  },
  {
    title: 'Team',
    items: [
      item('referralTeam', PersonAddRounded),
      item('levelTeam', GroupsRounded),
      item('teamAnalysis', InsightsRounded),
    ],
  },
  {
    title: 'Account',
    items: [
      item('rewards', EmojiEventsRounded),
      item('support', SupportAgentRounded),
      item('profile', PersonRounded),
    ],
  },
];

/** Mobile bottom tabs (client contract). */
export const bottomTabs: NavItem[] = [
  { key: 'dashboard', path: paths.dashboard, label: 'Home', icon: HomeRounded },
  { key: 'fund', path: paths.fund, label: 'My Wallet', icon: AccountBalanceWalletRounded },
  { key: 'packages', path: paths.packages, label: 'Packages', icon: Inventory2Rounded },
  { key: 'profile', path: paths.profile, label: 'Profile', icon: PersonRounded },
];
