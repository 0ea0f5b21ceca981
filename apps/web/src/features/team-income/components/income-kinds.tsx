import type { IncomeKind, IncomeRecord } from '@app/contracts';
import AccountTreeRounded from '@mui/icons-material/AccountTreeRounded';
import CalendarMonthRounded from '@mui/icons-material/CalendarMonthRounded';
import CardGiftcardRounded from '@mui/icons-material/CardGiftcardRounded';
import DateRangeRounded from '@mui/icons-material/DateRangeRounded';
import Diversity3Rounded from '@mui/icons-material/Diversity3Rounded';
import type { ReactNode } from 'react';
import type { RecordColumn } from '../../../components/record-list.tsx';
import { paths } from '../../../config/paths.ts';
import { formatDay } from '../../../lib/format.ts';
import { referralBonus } from '../api/get-referral-bonus.ts';
import { monthlyIncome } from '../api/get-monthly-income.ts';
import { teamLevelBonus } from '../api/get-team-level-bonus.ts';
import { teamProfit } from '../api/get-team-profit.ts';
import { weeklyIncome } from '../api/get-weekly-income.ts';
import type { IncomeEndpoint } from '../api/income-endpoint.ts';
import {
  amountColumn,
  levelColumn,
  memberColumn,
  monthColumn,
  packageColumn,
  periodColumn,
  planColumn,
  rankColumn,
  rateColumn,
  recordedColumn,
  statusColumn,
  weekColumn,
} from './income-columns.tsx';

/** The incomes listed on their own screens (rewards are listed with the ranks). */
export type TeamIncomeKind = Exclude<IncomeKind, 'reward'>;

type KindScreen = {
  endpoint: IncomeEndpoint;
  icon: ReactNode;
  /** What earns it, in the plan's words; rates that vary by level or tier are said generally. */
  emptyDescription: string;
  emptyAction: { to: string; label: string };
  columns: RecordColumn<IncomeRecord>[];
};

/** Each kind's endpoint, words and columns: what fits it (its member and level, or its period). */
export const incomeKinds: Record<TeamIncomeKind, KindScreen> = {
  'referral-bonus': {
    endpoint: referralBonus,
    icon: <CardGiftcardRounded />,
    emptyDescription:
      'You earn a share of every package your direct referrals buy, once you hold an active package yourself.',
    emptyAction: { to: paths.dashboard, label: 'Share your referral link' },
    columns: [
      recordedColumn('detail'),
      memberColumn,
      packageColumn,
      rateColumn,
      amountColumn,
      statusColumn,
      planColumn,
    ],
  },
  'team-level-bonus': {
    endpoint: teamLevelBonus,
    icon: <AccountTreeRounded />,
    emptyDescription:
      'You earn a share of every package bought two to six levels below you, once you have the active direct referrals each level needs.',
    emptyAction: { to: paths.levelTeam, label: 'See your level team' },
    columns: [
      recordedColumn('detail'),
      memberColumn,
      levelColumn,
      packageColumn,
      rateColumn,
      amountColumn,
      statusColumn,
      planColumn,
    ],
  },
  'team-profit': {
    endpoint: teamProfit,
    icon: <Diversity3Rounded />,
    emptyDescription:
      'You earn a share of the daily profit your team claims, down to ten levels below you, once you have the active direct referrals each level needs.',
    emptyAction: { to: paths.levelTeam, label: 'See your level team' },
    columns: [
      periodColumn('Claimed for', formatDay, 'detail'),
      memberColumn,
      levelColumn,
      rateColumn,
      amountColumn,
      statusColumn,
      planColumn,
    ],
  },
  'weekly-income': {
    endpoint: weeklyIncome,
    icon: <DateRangeRounded />,
    emptyDescription:
      "Every Monday you earn a share of your team's new business of the week before, at the rate of the tier it reaches.",
    emptyAction: { to: paths.teamAnalysis, label: "See your team's business" },
    columns: [
      weekColumn,
      rateColumn,
      amountColumn,
      statusColumn,
      recordedColumn('detail'),
      planColumn,
    ],
  },
  'monthly-income': {
    endpoint: monthlyIncome,
    icon: <CalendarMonthRounded />,
    emptyDescription:
      'On the 1st of each month you earn the salary of the rank you held at the end of the month before.',
    emptyAction: { to: paths.rewards, label: 'See the ranks' },
    columns: [
      monthColumn,
      rankColumn,
      amountColumn,
      statusColumn,
      recordedColumn('detail'),
      planColumn,
    ],
  },
};
