import ScienceOutlined from '@mui/icons-material/ScienceOutlined';
import Box from '@mui/material/Box';

/**
 * Said wherever prices show when they are the server's simulation, not an exchange's: the
 * server could not reach the exchange (no network) or is set to simulate.
 */
export function SimulatedLabel() {
  return (
    <Box
      component="span"
      title="These prices are simulated by the server, not live market data."
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.5,
        px: 1,
        py: 0.25,
        borderRadius: 1,
        border: 1,
        borderColor: 'warning.main',
        color: 'text.primary',
        bgcolor: (theme) => theme.alpha(theme.vars.palette.warning.main, 0.08),
        typography: 'caption',
        fontWeight: 700,
        whiteSpace: 'nowrap',
      }}
    >
      <ScienceOutlined sx={{ fontSize: 16, color: 'warning.dark' }} aria-hidden />
      Simulated prices
    </Box>
  );
}
