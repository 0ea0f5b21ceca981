import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export type Detail = { label: string; value: ReactNode };

type Props = { items: Detail[]; dense?: boolean };

/** Label and value pairs, one per line, as a description list so readers pair them up. */
export function DetailList({ items, dense = false }: Props) {
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', rowGap: dense ? 0.75 : 1.25 }}>
      {items.map(({ label, value }) => (
        <Box
          key={label}
          sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 2 }}
        >
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography
            component="dd"
            variant="body2"
            // A long email or address breaks inside the line instead of running off a phone.
            sx={{
              m: 0,
              minWidth: 0,
              overflowWrap: 'anywhere',
              fontWeight: 600,
              textAlign: 'right',
              fontVariantNumeric: 'tabular-nums',
            }}
          >
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
