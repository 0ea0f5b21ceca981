import type { RankProgressView } from '@app/contracts';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Money } from './money.tsx';

// A share from the server, shown as a whole percentage the bar can hold.
const percentOf = (share: number) => Math.round(Math.min(Math.max(share, 0), 1) * 100);

type BarProps = { label: string; now: ReactNode; target: ReactNode; share: number };

function ProgressBar({ label, now, target, share }: BarProps) {
  const percent = percentOf(share);
  return (
    <Stack spacing={0.75}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {label}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {now} of {target} ({percent}&nbsp;%)
        </Typography>
      </Stack>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-label={label}
        sx={{ height: 8, borderRadius: 4 }}
      />
    </Stack>
  );
}

/**
 * The rank held and how far each requirement of the next one is: cumulative team business and
 * active directs, as bars with the figures beside them (the bars' names say which rank).
 */
export function RankProgress({ progress }: { progress: RankProgressView }) {
  const { next } = progress;
  return (
    <Stack spacing={2}>
      <Typography>
        {progress.rank ? (
          <>
            Your rank: <strong>{progress.rank}</strong>
          </>
        ) : (
          'No rank yet'
        )}
        {next && (
          <>
            {' · next: '}
            <strong>{next.name}</strong>
          </>
        )}
      </Typography>
      {next ? (
        <>
          <ProgressBar
            label={`Team business towards ${next.name}`}
            now={<Money value={progress.teamBusiness} decimals="amount" />}
            target={<Money value={next.teamBusiness} decimals="amount" />}
            share={next.businessProgress}
          />
          <ProgressBar
            label={`Active directs towards ${next.name}`}
            now={progress.activeDirects}
            target={next.activeDirects}
            share={next.directsProgress}
          />
        </>
      ) : (
        <Typography color="text.secondary">
          You hold the highest rank of the plan; there is no next one to reach.
        </Typography>
      )}
    </Stack>
  );
}
