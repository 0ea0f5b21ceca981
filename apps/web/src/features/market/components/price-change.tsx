import ArrowDropDownRounded from '@mui/icons-material/ArrowDropDownRounded';
import ArrowDropUpRounded from '@mui/icons-material/ArrowDropUpRounded';
import Box from '@mui/material/Box';
import { direction, formatChange } from '../format.ts';

const colours = { up: 'success.main', down: 'error.main', flat: 'text.secondary' } as const;

/** A 24-hour change: green and up, red and down; the sign says it without the colour too. */
export function PriceChange({ change, large = false }: { change: string | null; large?: boolean }) {
  if (change === null) return null;
  const way = direction(change);
  const Arrow = way === 'down' ? ArrowDropDownRounded : ArrowDropUpRounded;
  return (
    <Box
      component="span"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        color: colours[way],
        fontWeight: 700,
        typography: large ? 'subtitle1' : 'body2',
        whiteSpace: 'nowrap',
      }}
    >
      {way !== 'flat' && <Arrow aria-hidden sx={{ fontSize: large ? 28 : 20, mx: -0.5 }} />}
      {formatChange(change)}
    </Box>
  );
}
