import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';

// Apart from figure-grid.tsx: the dashboard holds its income tiles' place with this on its first
// paint, and the tiles themselves load after it.

export type Columns = { xs: number; sm?: number; md?: number };

/** One height for a tile, loaded or not, so the skeleton holds the place exactly. */
export const TILE_HEIGHT = 92;

export const gridSx = ({ xs, sm = xs, md = sm }: Columns) => ({
  display: 'grid',
  gap: { xs: 1.5, sm: 2 },
  gridTemplateColumns: {
    xs: `repeat(${xs}, minmax(0, 1fr))`,
    sm: `repeat(${sm}, minmax(0, 1fr))`,
    md: `repeat(${md}, minmax(0, 1fr))`,
  },
});

/** The tiles' places while their figures load: the same grid and heights, so nothing moves. */
export function FigureGridSkeleton({
  label,
  count,
  columns = { xs: 2, md: 4 },
}: {
  label: string;
  count: number;
  columns?: Columns;
}) {
  return (
    <Box role="status" aria-label={label} aria-busy="true" sx={gridSx(columns)}>
      {Array.from({ length: count }, (_, index) => (
        <Skeleton key={index} variant="rounded" height={TILE_HEIGHT} />
      ))}
    </Box>
  );
}
