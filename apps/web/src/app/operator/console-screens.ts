import AccountBalanceRounded from '@mui/icons-material/AccountBalanceRounded';
import AdminPanelSettingsRounded from '@mui/icons-material/AdminPanelSettingsRounded';
import BadgeRounded from '@mui/icons-material/BadgeRounded';
import BalanceRounded from '@mui/icons-material/BalanceRounded';
import DashboardRounded from '@mui/icons-material/DashboardRounded';
import FactCheckRounded from '@mui/icons-material/FactCheckRounded';
import GroupsRounded from '@mui/icons-material/GroupsRounded';
import Inventory2Rounded from '@mui/icons-material/Inventory2Rounded';
import ManageSearchRounded from '@mui/icons-material/ManageSearchRounded';
import OutboxRounded from '@mui/icons-material/OutboxRounded';
import PolicyRounded from '@mui/icons-material/PolicyRounded';
import SavingsRounded from '@mui/icons-material/SavingsRounded';
import SecurityRounded from '@mui/icons-material/SecurityRounded';
import SettingsRounded from '@mui/icons-material/SettingsRounded';
import SupportAgentRounded from '@mui/icons-material/SupportAgentRounded';
import TuneRounded from '@mui/icons-material/TuneRounded';
import type SvgIcon from '@mui/material/SvgIcon';
import type { OperatorRole } from '@app/contracts';
import { canOpen, operatorPaths, type OperatorScreen } from '../../config/operator-paths.ts';

type Icon = typeof SvgIcon;
export type ConsoleScreen = { title: string; description: string };

/** Each console screen's title and subtitle, shown in its header and the menu. */
export const consoleScreens: Record<OperatorScreen, ConsoleScreen> = {
  dashboard: { title: 'Overview', description: 'Money in and out, new members and open work.' },
  deposits: { title: 'Deposits', description: 'Confirm or reject deposits waiting for review.' },
  withdrawals: { title: 'Withdrawals', description: 'Pay requested withdrawals or reject them.' },
  adjustments: {
    title: 'Adjustments',
    description: 'Wallet corrections: proposed by one operator, approved by another.',
  },
  members: { title: 'Members', description: 'Find a member by id, name, email or mobile.' },
  member: {
    title: 'Member',
    description: 'Profile, team, packages, wallets, ledger and sign-in history.',
  },
  packages: { title: 'Packages', description: 'The catalogue members buy from.' },
  plan: { title: 'Plan', description: 'The compensation plan: draft, preview and publish.' },
  tickets: { title: 'Tickets', description: 'Member questions by status and age.' },
  verification: {
    title: 'Verification',
    description: 'Identity documents members sent, by status and age.',
  },
  ledger: { title: 'Ledger', description: 'Transfers and postings by account, member and kind.' },
  reconciliation: {
    title: 'Reconciliation',
    description: 'The ledger re-derived from its postings and compared.',
  },
  liabilities: {
    title: 'Liabilities',
    description: 'What members could withdraw and the profit still promised.',
  },
  auditLog: { title: 'Audit log', description: 'Every operator action: who, what, when, where.' },
  operators: { title: 'Operators', description: 'Invite operators, change roles, disable.' },
  settings: { title: 'Settings', description: 'How the platform protects members’ accounts.' },
  security: {
    title: 'Security',
    description: 'Your own sign-in: the authenticator app and its recovery codes.',
  },
};

export type ConsoleNavItem = { screen: OperatorScreen; path: string; label: string; icon: Icon };
export type ConsoleNavGroup = { title: string | null; items: ConsoleNavItem[] };

const item = (screen: OperatorScreen, icon: Icon): ConsoleNavItem => ({
  screen,
  path: operatorPaths[screen],
  label: consoleScreens[screen].title,
  icon,
});

const groups: ConsoleNavGroup[] = [
  { title: null, items: [item('dashboard', DashboardRounded)] },
  {
    title: 'Money',
    items: [
      item('deposits', SavingsRounded),
      item('withdrawals', OutboxRounded),
      item('adjustments', BalanceRounded),
    ],
  },
  {
    title: 'Members',
    items: [
      item('members', GroupsRounded),
      item('tickets', SupportAgentRounded),
      item('verification', BadgeRounded),
    ],
  },
  {
    title: 'Products',
    items: [item('packages', Inventory2Rounded), item('plan', TuneRounded)],
  },
  {
    title: 'Reports',
    items: [
      item('ledger', ManageSearchRounded),
      item('reconciliation', FactCheckRounded),
      item('liabilities', AccountBalanceRounded),
    ],
  },
  {
    title: 'Administration',
    items: [
      item('auditLog', PolicyRounded),
      item('operators', AdminPanelSettingsRounded),
      item('settings', SettingsRounded),
    ],
  },
  { title: 'Your account', items: [item('security', SecurityRounded)] },
];

/**
 * The menu for one role: the screens it may open, empty groups left out. An operator who must
 * set up a second factor first (decision 0049) sees only the Security screen.
 */
export function consoleNavFor(role: OperatorRole, mustEnrol = false): ConsoleNavGroup[] {
  if (mustEnrol) return [{ title: null, items: [item('security', SecurityRounded)] }];
  return groups
    .map((group) => ({ ...group, items: group.items.filter((it) => canOpen(role, it.screen)) }))
    .filter((group) => group.items.length > 0);
}
