/** The brand colour: theme primary, the logo and the auth background (index.html and public/favicon.svg repeat it). */
export const BRAND_COLOR = '#1d4ed8';
export const BRAND_ACCENT = '#34d399';
