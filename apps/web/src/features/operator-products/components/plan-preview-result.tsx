import { incomeKindLabels, microsToDollars, type PlanPreviewData } from '@app/contracts';
import Typography from '@mui/material/Typography';
import { Money } from '../../../components/money.tsx';
import { RecordRows, type RecordColumn } from '../../../components/record-list.tsx';
import { dollarsToMicros } from '../../../lib/money.ts';
import { PlanSection } from './plan-section.tsx';

type Totals = PlanPreviewData['current']['earnings'];
type Row = { id: keyof Totals; label: string; current: number; draft: number; change: number };

const KIND_LABELS: Record<keyof Totals, string> = {
  referralBonus: incomeKindLabels['referral-bonus'],
  teamLevelBonus: incomeKindLabels['team-level-bonus'],
  teamProfit: incomeKindLabels['team-profit'],
  weeklyIncome: incomeKindLabels['weekly-income'],
  monthlyIncome: incomeKindLabels['monthly-income'],
  reward: incomeKindLabels.reward,
  total: 'Total',
};

/** The change in exact micro-dollars, so $0.10 more never shows as $0.09999. */
const change = (from: number, to: number) =>
  microsToDollars(dollarsToMicros(to) - dollarsToMicros(from));

/** What the server computed: the sample team's earnings under the plan in force and the draft. */
export function PlanPreviewResult({ preview }: { preview: PlanPreviewData }) {
  const { current, draft } = preview;
  const rows: Row[] = (Object.keys(KIND_LABELS) as (keyof Totals)[]).map((kind) => ({
    id: kind,
    label: KIND_LABELS[kind],
    current: current.earnings[kind],
    draft: draft.earnings[kind],
    change: change(current.earnings[kind], draft.earnings[kind]),
  }));
  const columns: RecordColumn<Row>[] = [
    { header: 'Income', cell: (row) => row.label, card: 'title' },
    {
      header: `Version ${current.version}`,
      cell: (row) => <Money value={row.current} decimals="amount" />,
      align: 'right',
      card: 'detail',
    },
    {
      header: 'Draft',
      cell: (row) => <Money value={row.draft} decimals="amount" />,
      align: 'right',
      card: 'amount',
    },
    {
      header: 'Change',
      cell: (row) => <Money value={row.change} decimals="amount" isSigned={row.change !== 0} />,
      align: 'right',
      card: 'detail',
    },
  ];
  return (
    <PlanSection title="Preview" description={preview.sample}>
      <RecordRows
        records={rows}
        columns={columns}
        label="Sample team earnings"
        isCurrent={(row) => row.id === 'total'}
      />
      <Typography variant="body2" color="text.secondary">
        The draft is valid. Nothing has changed yet: publishing makes it the next version.
      </Typography>
    </PlanSection>
  );
}
