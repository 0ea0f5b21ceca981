import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Brand } from '../../../components/brand.tsx';
import { BRAND_COLOR } from '../../../config/brand.ts';
import { env } from '../../../config/env.ts';

type Props = { title: string; subtitle: string; children: ReactNode; footer: ReactNode };

/** The frame of the public screens: brand label, a card with the form, links beneath. */
export function AuthLayout({ title, subtitle, children, footer }: Props) {
  return (
    <Box
      component="main"
      sx={(theme) => ({
        minHeight: '100dvh',
        display: 'grid',
        placeItems: 'center',
        px: 2,
        py: { xs: 3, sm: 6 },
        background: `linear-gradient(160deg, #0b1f5c 0%, ${BRAND_COLOR} 55%, #3b82f6 100%)`,
        // Dark: the same blues, deep enough that the dark card is not framed in glare.
        ...theme.applyStyles('dark', {
          background: 'linear-gradient(160deg, #030712 0%, #0b1f5c 60%, #1e3a8a 100%)',
        }),
      })}
    >
      <title>{`${title} · ${env.appName}`}</title>
      <Paper
        elevation={0}
        sx={{ width: '100%', maxWidth: 460, p: { xs: 3, sm: 4 }, borderRadius: '16px' }}
      >
        <Stack spacing={3}>
          <Brand size={36} />
          <Stack spacing={0.5}>
            <Typography component="h1" variant="h5" sx={{ fontWeight: 700 }}>
              {title}
            </Typography>
            <Typography color="text.secondary">{subtitle}</Typography>
          </Stack>
          {children}
          <Box sx={{ textAlign: 'center' }}>{footer}</Box>
        </Stack>
      </Paper>
    </Box>
  );
}
