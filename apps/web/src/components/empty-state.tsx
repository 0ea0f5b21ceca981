import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export type EmptyStateTone = 'primary' | 'success' | 'warning' | 'error';

type Props = {
  icon: ReactNode;
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  /** Full-screen states (not found) make the title the page's h1. */
  titleComponent?: 'h1' | 'h2' | 'h3' | 'p';
  /** The icon's colour, when the state is an outcome (a payment that failed, one that went through). */
  tone?: EmptyStateTone;
};

export function EmptyState({
  icon,
  title,
  description,
  action,
  titleComponent = 'p',
  tone = 'primary',
}: Props) {
  return (
    <Stack
      spacing={1.5}
      sx={{ alignItems: 'center', py: { xs: 4, sm: 6 }, px: 2, textAlign: 'center' }}
    >
      <Box
        aria-hidden
        sx={{
          display: 'grid',
          placeItems: 'center',
          width: 64,
          height: 64,
          borderRadius: '50%',
          bgcolor: (theme) => theme.alpha(theme.vars.palette[tone].main, 0.1),
          color: `${tone}.main`,
          '& svg': { fontSize: 32 },
        }}
      >
        {icon}
      </Box>
      <Typography component={titleComponent} variant="h6" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {description && (
        <Typography color="text.secondary" sx={{ maxWidth: 440 }}>
          {description}
        </Typography>
      )}
      {action && <Box sx={{ pt: 1 }}>{action}</Box>}
    </Stack>
  );
}
