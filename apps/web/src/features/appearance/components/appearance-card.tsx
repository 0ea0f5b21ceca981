import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ColourModeSwitch } from './colour-mode-switch.tsx';

/** The profile's choice of colour scheme, with what each choice means. */
export function AppearanceCard() {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="appearance-title"
      sx={{ p: 2.5 }}
    >
      <Stack spacing={2}>
        <Stack spacing={0.5}>
          <Typography
            id="appearance-title"
            component="h2"
            variant="subtitle1"
            sx={{ fontWeight: 600 }}
          >
            Appearance
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Light or dark, or the same as this device&apos;s setting. Kept on this device only.
          </Typography>
        </Stack>
        <ColourModeSwitch />
      </Stack>
    </Paper>
  );
}
