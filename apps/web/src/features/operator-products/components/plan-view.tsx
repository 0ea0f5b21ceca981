import { TEAM_LEVELS, type PlanDocument, type PlanRank } from '@app/contracts';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DetailList } from '../../../components/detail-list.tsx';
import { RecordRows, type RecordColumn } from '../../../components/record-list.tsx';
import { LEVEL_LISTS } from '../utils/plan-form.ts';
import {
  formatCap,
  formatPercentage,
  formatPlanDollars,
  levelListLabels,
  missedDaysLabels,
  planFieldLabels,
} from '../utils/plan-labels.ts';
import { PlanSection } from './plan-section.tsx';

type LevelRow = { id: string; level: number; values: Record<(typeof LEVEL_LISTS)[number], number> };
type TierRow = { id: string; fromBusiness: number; percentage: number };
type RankRow = PlanRank & { id: string };

const levelColumns: RecordColumn<LevelRow>[] = [
  { header: 'Level', cell: (row) => `Level ${row.level}`, card: 'title' },
  ...LEVEL_LISTS.map((list): RecordColumn<LevelRow> => ({
    header: levelListLabels[list].column,
    cell: (row) =>
      list === 'directsRequired' ? row.values[list] : formatPercentage(row.values[list]),
    align: 'right',
    card: 'detail',
  })),
];

const tierColumns: RecordColumn<TierRow>[] = [
  {
    header: 'Week’s new team business from',
    cell: (row) => formatPlanDollars(row.fromBusiness),
    card: 'title',
  },
  {
    header: 'Weekly income',
    cell: (row) => formatPercentage(row.percentage),
    align: 'right',
    card: 'amount',
  },
];

const rankColumns: RecordColumn<RankRow>[] = [
  { header: 'Rank', cell: (row) => row.name, card: 'title' },
  {
    header: 'Team business',
    cell: (row) => formatPlanDollars(row.teamBusiness),
    align: 'right',
    card: 'detail',
  },
  { header: 'Active directs', cell: (row) => row.activeDirects, align: 'right', card: 'detail' },
  {
    header: 'Monthly salary',
    cell: (row) => formatPlanDollars(row.monthlySalary),
    align: 'right',
    card: 'amount',
  },
  {
    header: 'Reward',
    cell: (row) => formatPlanDollars(row.reward),
    align: 'right',
    card: 'detail',
  },
];

/** A plan document, read only: the plan in force, or a version from the history. */
export function PlanView({ plan }: { plan: PlanDocument }) {
  const levels: LevelRow[] = Array.from({ length: TEAM_LEVELS }, (_, index) => ({
    id: String(index + 1),
    level: index + 1,
    values: {
      teamLevelBonusPercentages: plan.teamLevelBonusPercentages[index] ?? 0,
      teamProfitPercentages: plan.teamProfitPercentages[index] ?? 0,
      directsRequired: plan.directsRequired[index] ?? 0,
    },
  }));
  const tiers = plan.weeklyTiers.map((tier, index) => ({ id: String(index), ...tier }));
  const ranks = plan.ranks.map((rank) => ({ id: rank.name, ...rank }));
  return (
    <Stack spacing={2}>
      <PlanSection title="General terms">
        {/* Kept narrow on wide screens, so each value stays in reach of its label. */}
        <Box sx={{ maxWidth: 560 }}>
          <DetailList
            items={[
              { label: planFieldLabels.timeZone, value: plan.timeZone },
              { label: planFieldLabels.missedDays, value: missedDaysLabels[plan.missedDays] },
              {
                label: planFieldLabels.compoundingDailyPercentage,
                value: formatPercentage(plan.compoundingDailyPercentage),
              },
              {
                label: planFieldLabels.referralBonusPercentage,
                value: formatPercentage(plan.referralBonusPercentage),
              },
              {
                label: planFieldLabels.incomeCapMultiple,
                value: formatCap(plan.incomeCapMultiple),
              },
            ]}
          />
        </Box>
      </PlanSection>
      <PlanSection
        title="Levels"
        description="What each level above a member earns from the member’s purchases and claims, and the active directs needed to earn from it."
      >
        <RecordRows records={levels} columns={levelColumns} label="Levels" />
      </PlanSection>
      <PlanSection
        title="Weekly income tiers"
        description="The rate of the weekly income by the week’s new team business."
      >
        {tiers.length === 0 ? (
          <Typography color="text.secondary">No weekly income.</Typography>
        ) : (
          <RecordRows records={tiers} columns={tierColumns} label="Weekly income tiers" />
        )}
      </PlanSection>
      <PlanSection title="Ranks" description="From the lowest; salary paid monthly, reward once.">
        {ranks.length === 0 ? (
          <Typography color="text.secondary">No ranks.</Typography>
        ) : (
          <RecordRows records={ranks} columns={rankColumns} label="Ranks" />
        )}
      </PlanSection>
    </Stack>
  );
}
