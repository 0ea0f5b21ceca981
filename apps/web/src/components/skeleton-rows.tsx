import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';

/** Client contract: a loading placeholder of 6 rows unless a screen asks otherwise. */
export const DEFAULT_SKELETON_ROWS = 6;

type Props = { rows?: number; height?: number; label?: string };

export function SkeletonRows({
  rows = DEFAULT_SKELETON_ROWS,
  height = 40,
  label = 'Loading',
}: Props) {
  return (
    <Stack spacing={1.25} role="status" aria-label={label} aria-busy="true">
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} variant="rounded" height={height} data-testid="skeleton-row" />
      ))}
    </Stack>
  );
}
