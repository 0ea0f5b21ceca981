import { createTheme } from '@mui/material/styles';
import { BRAND_COLOR } from '../config/brand.ts';

// One brand colour, calm surfaces, and system fonts so nothing is fetched from a font CDN.

export const theme = createTheme({
  palette: {
    primary: { main: BRAND_COLOR },
    success: { main: '#047857' },
    // MUI's default info blue (#0288d1) is 3.8:1 on white: too faint for an outlined button's text.
    info: { main: '#0369a1' },
    // And its orange (#ed6c02, 3.2:1) for a pending chip's text: amber 700 is 5:1.
    warning: { main: '#b45309' },
    background: { default: '#f4f6fb', paper: '#ffffff' },
  },
  shape: { borderRadius: 10 },
  typography: {
    // The device's own font, no web font to fetch: a face most devices lack (Inter was first)
    // made every first layout look it up in vain, 10-18 ms of a phone's first screen.
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiFab: { defaultProps: { color: 'primary' } },
    MuiPaper: { styleOverrides: { outlined: { borderColor: '#e3e8f2' } } },
    MuiListSubheader: {
      styleOverrides: {
        root: {
          lineHeight: '32px',
          fontSize: 12,
          fontWeight: 700,
          letterSpacing: '0.06em',
          textTransform: 'uppercase',
        },
      },
    },
  },
});
