import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

export type Figure = {
  label: string;
  value: ReactNode;
  /** A line under the value: "12 active". */
  hint?: ReactNode;
  /** The screen that lists what makes up the figure. */
  to?: string;
};

type Columns = { xs: number; sm?: number; md?: number };

type Props = {
  /** The region's name: "Team summary", "Income by kind". */
  label: string;
  figures: Figure[];
  /** Tiles per row at each width (two on a phone by default). */
  columns?: Columns;
};

// One height for a tile, loaded or not, so the skeleton holds the place exactly.
const TILE_HEIGHT = 92;

const gridSx = ({ xs, sm = xs, md = sm }: Columns) => ({
  display: 'grid',
  gap: { xs: 1.5, sm: 2 },
  gridTemplateColumns: {
    xs: `repeat(${xs}, minmax(0, 1fr))`,
    sm: `repeat(${sm}, minmax(0, 1fr))`,
    md: `repeat(${md}, minmax(0, 1fr))`,
  },
});

const tileSx = { p: 2, height: TILE_HEIGHT, minWidth: 0, overflow: 'hidden' } as const;

function Tile({ label, value, hint }: Figure) {
  return (
    <>
      <Typography variant="body2" color="text.secondary" noWrap>
        {label}
      </Typography>
      <Typography variant="h6" noWrap sx={{ fontWeight: 700, lineHeight: 1.4 }}>
        {value}
      </Typography>
      {hint && (
        <Typography variant="caption" color="text.secondary" noWrap component="div">
          {hint}
        </Typography>
      )}
    </>
  );
}

/** A screen's headline figures as tiles: label, value and a hint; a tile may lead to its list. */
export function FigureGrid({ label, figures, columns = { xs: 2, md: 4 } }: Props) {
  return (
    <Box component="section" aria-label={label} sx={gridSx(columns)}>
      {figures.map((figure) => (
        <Paper key={figure.label} variant="outlined" sx={{ minWidth: 0 }}>
          {figure.to ? (
            <ButtonBase
              component={RouterLink}
              to={figure.to}
              sx={{
                ...tileSx,
                width: '100%',
                display: 'block',
                textAlign: 'left',
                borderRadius: 'inherit',
                '&:hover': { bgcolor: 'action.hover' },
              }}
            >
              <Tile {...figure} />
            </ButtonBase>
          ) : (
            <Box sx={tileSx}>
              <Tile {...figure} />
            </Box>
          )}
        </Paper>
      ))}
    </Box>
  );
}

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
