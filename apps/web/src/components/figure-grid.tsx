import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { gridSx, TILE_HEIGHT, type Columns } from './figure-grid-skeleton.tsx';

export type Figure = {
  label: string;
  value: ReactNode;
  /** A line under the value: "12 active". */
  hint?: ReactNode;
  /** The screen that lists what makes up the figure. */
  to?: string;
};

type Props = {
  /** The region's name: "Team summary", "Income by kind". */
  label: string;
  figures: Figure[];
  /** Tiles per row at each width (two on a phone by default). */
  columns?: Columns;
};

const tileSx = { p: 2, height: '100%', minWidth: 0, overflow: 'hidden' } as const;

function Tile({ label, value, hint }: Figure) {
  return (
    <>
      <Typography variant="body2" color="text.secondary" noWrap>
        {label}
      </Typography>
      <Typography
        component="p"
        variant="h6"
        noWrap
        // Two tiles share a phone's width: the value's size follows it down to what a long
        // figure ("105,019.1234") needs to stay whole, and is h6's from a tablet up.
        sx={{ fontWeight: 700, lineHeight: 1.4, fontSize: 'clamp(0.95rem, 4.2vw, 1.25rem)' }}
      >
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
        // The tile's whole height, border included, is the skeleton's.
        <Paper key={figure.label} variant="outlined" sx={{ minWidth: 0, height: TILE_HEIGHT }}>
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
