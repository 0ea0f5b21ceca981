/**
 * How the app picks light or dark (decision 0057): the device's setting unless the visitor chose
 * one on this device. The theme's provider keeps the choice under COLOUR_MODE_KEY and writes the
 * scheme in use on <html COLOUR_SCHEME_ATTRIBUTE>, which the theme's CSS variables follow.
 */
export const COLOUR_MODE_KEY = 'colourMode';
export const COLOUR_SCHEME_ATTRIBUTE = 'data-colour-scheme';

export const COLOUR_MODES = ['system', 'light', 'dark'] as const;
export type ColourMode = (typeof COLOUR_MODES)[number];
export type ColourScheme = 'light' | 'dark';

/** Each scheme's page background: the theme's, and the page's before the theme's styles arrive. */
export const PAGE_BACKGROUND: Record<ColourScheme, string> = { light: '#f4f6fb', dark: '#0b1220' };

/**
 * Plain JavaScript for the head of every page, run before the body is parsed: it writes the
 * scheme on <html> as the provider will, so a prerendered screen (or the empty page of one that
 * is not) paints in it at once instead of flashing light first. The provider's stored value is
 * the mode's name as it is (MUI's local storage manager does not encode it).
 */
export const colourSchemeScript = (): string => `{
let mode = null;
try { mode = localStorage.getItem(${JSON.stringify(COLOUR_MODE_KEY)}); } catch {}
const dark = mode === 'dark' || (mode !== 'light' && matchMedia('(prefers-color-scheme: dark)').matches);
document.documentElement.setAttribute(${JSON.stringify(COLOUR_SCHEME_ATTRIBUTE)}, dark ? 'dark' : 'light');
}`;

/**
 * CSS for the head of every page: the dark scheme's canvas and form controls before the theme's
 * styles arrive (a page the build does not prerender is empty until the app's scripts run).
 */
export const colourSchemeStyle = (): string =>
  `html[${COLOUR_SCHEME_ATTRIBUTE}=dark]{color-scheme:dark;background:${PAGE_BACKGROUND.dark}}`;
