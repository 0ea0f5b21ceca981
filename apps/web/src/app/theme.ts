import { createTheme } from '@mui/material/styles';
import { BRAND_COLOR } from '../config/brand.ts';
import { COLOUR_SCHEME_ATTRIBUTE, PAGE_BACKGROUND } from '../lib/colour-scheme.ts';

// One brand colour, calm surfaces, and system fonts so nothing is fetched from a font CDN.
// Two colour schemes as CSS variables (decision 0057): the markup is the same in both, so the
// prerendered screens and their hydration do not depend on the scheme, and <html
// data-colour-scheme> picks the variables' values (lib/colour-scheme.ts).

// The theme's type has its CSS variables (theme.vars) and its schemes (theme.colorSchemes).
declare module '@mui/material/styles' {
  // An interface: the augmentation merges into MUI's own declaration, which a type cannot.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface CssThemeVariables {
    enabled: true;
  }
}

/** The outlined cards' border, a shade lighter than MUI's divider on each scheme. */
const OUTLINE = { light: '#e3e8f2', dark: '#263043' };

export const theme = createTheme({
  cssVariables: { colorSchemeSelector: COLOUR_SCHEME_ATTRIBUTE },
  colorSchemes: {
    light: {
      palette: {
        primary: { main: BRAND_COLOR },
        success: { main: '#047857' },
        // MUI's default info blue (#0288d1) is 3.8:1 on white: too faint for an outlined button's text.
        info: { main: '#0369a1' },
        // And its orange (#ed6c02, 3.2:1) for a pending chip's text: amber 700 is 5:1.
        warning: { main: '#b45309' },
        background: { default: PAGE_BACKGROUND.light, paper: '#ffffff' },
      },
    },
    dark: {
      palette: {
        // The brand blue is 2.9:1 on the dark paper: its 400 shade (6.8:1) is the dark primary,
        // and the other colours their 400 shades, each over 6:1 on the paper, with dark text
        // on a filled button (MUI picks it by contrast).
        primary: { main: '#60a5fa' },
        success: { main: '#34d399' },
        info: { main: '#38bdf8' },
        warning: { main: '#fbbf24' },
        error: { main: '#f87171' },
        background: { default: PAGE_BACKGROUND.dark, paper: '#131b2c' },
      },
    },
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
    MuiPaper: {
      styleOverrides: {
        outlined: ({ theme }) => ({
          borderColor: OUTLINE.light,
          ...theme.applyStyles('dark', { borderColor: OUTLINE.dark }),
        }),
      },
    },
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
