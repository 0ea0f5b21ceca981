import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { SimulatedLabel } from './simulated-label.tsx';

type Props = {
  title: string;
  /** The figures inside are the server's simulation: said beside the title. */
  simulated: boolean;
  /** Controls at the heading's end (the chart's interval switches). */
  actions?: ReactNode;
  children: ReactNode;
};

/** A card of market figures, named by its heading, saying when its prices are simulated. */
export function MarketSection({ title, simulated, actions, children }: Props) {
  const titleId = useId();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: 2 }}>
      <Stack
        direction="row"
        sx={{
          justifyContent: 'space-between',
          alignItems: 'center',
          gap: 1,
          mb: 1.5,
          flexWrap: 'wrap',
        }}
      >
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography id={titleId} component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
            {title}
          </Typography>
          {simulated && <SimulatedLabel />}
        </Stack>
        {actions}
      </Stack>
      {children}
    </Paper>
  );
}
