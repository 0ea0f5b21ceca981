import { TEAM_LEVELS } from '@app/contracts';
import AddRounded from '@mui/icons-material/AddRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { PlanDraft } from '../hooks/use-plan-draft.ts';
import { EMPTY_RANK, EMPTY_TIER, LEVEL_LISTS } from '../utils/plan-form.ts';
import { levelListLabels, missedDaysLabels, planFieldLabels } from '../utils/plan-labels.ts';
import { PlanField } from './plan-field.tsx';
import { PlanSection } from './plan-section.tsx';

/** Fields side by side as the width allows: three or more on a phone's row for short figures. */
const fieldGrid = (min: number) => ({
  display: 'grid',
  gap: 2,
  gridTemplateColumns: `repeat(auto-fill, minmax(${min}px, 1fr))`,
});

/** Ten levels in even rows: five across, two on a phone. */
const levelGrid = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(5, 1fr)' },
};

/** A reason about a whole list (its order, names that repeat), shown above its rows. */
function ListError({ draft, path }: { draft: PlanDraft; path: string }) {
  const reason = draft.errors[path];
  return reason ? (
    <Alert severity="error" variant="outlined" data-list-error={path}>
      {reason}
    </Alert>
  ) : null;
}

export function GeneralFields({ draft }: { draft: PlanDraft }) {
  const missedDaysError = draft.errors.missedDays;
  return (
    <PlanSection title="General terms">
      <Box sx={fieldGrid(220)}>
        <PlanField
          draft={draft}
          path="timeZone"
          label={planFieldLabels.timeZone}
          inputMode="text"
          helperText="IANA name, e.g. UTC or Asia/Kolkata"
        />
        <TextField
          select
          size="small"
          label={planFieldLabels.missedDays}
          value={draft.form.missedDays}
          onChange={(event) => draft.setField('missedDays', event.target.value)}
          error={Boolean(missedDaysError)}
          helperText={missedDaysError}
        >
          {Object.entries(missedDaysLabels).map(([value, label]) => (
            <MenuItem key={value} value={value}>
              {label}
            </MenuItem>
          ))}
        </TextField>
        <PlanField
          draft={draft}
          path="compoundingDailyPercentage"
          label={planFieldLabels.compoundingDailyPercentage}
          unit="%"
        />
        <PlanField
          draft={draft}
          path="referralBonusPercentage"
          label={planFieldLabels.referralBonusPercentage}
          unit="%"
        />
        <PlanField
          draft={draft}
          path="incomeCapMultiple"
          label={planFieldLabels.incomeCapMultiple}
          unit="times"
          helperText="Of the member's active investment; empty: no cap"
        />
      </Box>
    </PlanSection>
  );
}

export function LevelFields({ draft }: { draft: PlanDraft }) {
  return (
    <PlanSection
      title="Levels"
      description="Level 1 is the member’s direct referrals; level 1’s team-level bonus is the referral bonus, so 0."
    >
      {LEVEL_LISTS.map((list) => (
        <Stack key={list} spacing={1.5} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
          <Typography component="legend" variant="body2" sx={{ fontWeight: 600, mb: 1.5 }}>
            {levelListLabels[list].title}
          </Typography>
          <ListError draft={draft} path={list} />
          <Box sx={levelGrid}>
            {Array.from({ length: TEAM_LEVELS }, (_, index) => (
              <PlanField
                key={index}
                draft={draft}
                path={`${list}.${index}`}
                label={`Level ${index + 1}`}
                unit={list === 'directsRequired' ? undefined : '%'}
                inputMode={list === 'directsRequired' ? 'numeric' : 'decimal'}
              />
            ))}
          </Box>
        </Stack>
      ))}
    </PlanSection>
  );
}

/** A list's row with its remove button, labelled by what it removes. */
function RowFrame({
  title,
  onRemove,
  children,
}: {
  title: string;
  onRemove: () => void;
  children: React.ReactNode;
}) {
  return (
    <Box
      role="group"
      aria-label={title}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2 }}
    >
      <Stack
        direction="row"
        sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1.5 }}
      >
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        <IconButton aria-label={`Remove ${title.toLowerCase()}`} size="small" onClick={onRemove}>
          <DeleteOutlineRounded fontSize="small" />
        </IconButton>
      </Stack>
      {children}
    </Box>
  );
}

export function TierFields({ draft }: { draft: PlanDraft }) {
  const tiers = draft.form.weeklyTiers;
  return (
    <PlanSection
      title="Weekly income tiers"
      description="Lowest business first; at most 10."
      action={
        <Button
          startIcon={<AddRounded />}
          disabled={tiers.length >= 10}
          onClick={() => draft.setList('weeklyTiers', [...tiers, EMPTY_TIER])}
        >
          Add tier
        </Button>
      }
    >
      <ListError draft={draft} path="weeklyTiers" />
      {tiers.length === 0 && <Typography color="text.secondary">No weekly income.</Typography>}
      {tiers.map((_, index) => (
        <RowFrame
          key={index}
          title={`Tier ${index + 1}`}
          onRemove={() =>
            draft.setList(
              'weeklyTiers',
              tiers.filter((__, other) => other !== index),
            )
          }
        >
          <Box sx={fieldGrid(150)}>
            <PlanField
              draft={draft}
              path={`weeklyTiers.${index}.fromBusiness`}
              label="From week’s business"
              unit="$"
            />
            <PlanField
              draft={draft}
              path={`weeklyTiers.${index}.percentage`}
              label="Weekly income"
              unit="%"
            />
          </Box>
        </RowFrame>
      ))}
    </PlanSection>
  );
}

export function RankFields({ draft }: { draft: PlanDraft }) {
  const ranks = draft.form.ranks;
  return (
    <PlanSection
      title="Ranks"
      description="Lowest first, each needing more team business; at most 20."
      action={
        <Button
          startIcon={<AddRounded />}
          disabled={ranks.length >= 20}
          onClick={() => draft.setList('ranks', [...ranks, EMPTY_RANK])}
        >
          Add rank
        </Button>
      }
    >
      <ListError draft={draft} path="ranks" />
      {ranks.length === 0 && <Typography color="text.secondary">No ranks.</Typography>}
      {ranks.map((rank, index) => (
        <RowFrame
          key={index}
          title={rank.name.trim() ? `Rank ${rank.name.trim()}` : `Rank ${index + 1}`}
          onRemove={() =>
            draft.setList(
              'ranks',
              ranks.filter((__, other) => other !== index),
            )
          }
        >
          <Box sx={fieldGrid(150)}>
            <PlanField draft={draft} path={`ranks.${index}.name`} label="Name" inputMode="text" />
            <PlanField
              draft={draft}
              path={`ranks.${index}.teamBusiness`}
              label="Team business"
              unit="$"
            />
            <PlanField
              draft={draft}
              path={`ranks.${index}.activeDirects`}
              label="Active directs"
              inputMode="numeric"
            />
            <PlanField
              draft={draft}
              path={`ranks.${index}.monthlySalary`}
              label="Monthly salary"
              unit="$"
            />
            <PlanField draft={draft} path={`ranks.${index}.reward`} label="Reward" unit="$" />
          </Box>
        </RowFrame>
      ))}
    </PlanSection>
  );
}
