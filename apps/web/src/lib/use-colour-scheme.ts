import { useColorScheme } from '@mui/material/styles';
import type { ColourScheme } from './colour-scheme.ts';

/**
 * The scheme the screen shows, for what draws its own colours (a canvas, a chart's series): CSS
 * follows the theme's variables by itself. Light until the provider has read the mode, on the
 * server and at hydration, as the theme's own palette is.
 */
export function useColourScheme(): ColourScheme {
  return useColorScheme().colorScheme === 'dark' ? 'dark' : 'light';
}
