import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export type WalletTone = 'primary' | 'success' | 'info';

type WalletCardProps = {
  title: string;
  /** The accessible name of the card's region (defaults to the title). */
  label?: string;
  icon: ReactNode;
  tone: WalletTone;
  /** The figures: the big amount and anything said under it. */
  children: ReactNode;
  actions?: ReactNode;
};

/**
 * One wallet as a card: a tinted icon, its title, its figures and the actions it allows. The
 * dashboard's two wallet cards and /fund's three use this one layout.
 */
export function WalletCard({ title, label, icon, tone, children, actions }: WalletCardProps) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={label ?? title}
      sx={{ p: 2.5, height: '100%' }}
    >
      <Stack spacing={1.5} sx={{ height: '100%' }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <Box
            aria-hidden
            sx={(theme) => ({
              display: 'grid',
              placeItems: 'center',
              width: 40,
              height: 40,
              borderRadius: 2,
              color: `${tone}.main`,
              bgcolor: theme.alpha(theme.vars.palette[tone].main, 0.12),
            })}
          >
            {icon}
          </Box>
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
            {title}
          </Typography>
        </Stack>
        {children}
        {actions && (
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', mt: 'auto', pt: 0.5 }}>
            {actions}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
