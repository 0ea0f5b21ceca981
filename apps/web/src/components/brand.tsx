import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BRAND_ACCENT, BRAND_COLOR } from '../config/brand.ts';
import { env } from '../config/env.ts';

/** The product mark (same drawing as the favicon) with the product name beside it. */
export function Brand({ size = 32 }: { size?: number }) {
  return (
    <Stack direction="row" spacing={1.25} sx={{ alignItems: 'center', minWidth: 0 }}>
      <Box
        component="svg"
        viewBox="0 0 64 64"
        aria-hidden
        sx={{ width: size, height: size, flexShrink: 0 }}
      >
        <rect width="64" height="64" rx="14" fill={BRAND_COLOR} />
        <path
          d="M14 44l12-12 8 8 16-18"
          fill="none"
          stroke="#ffffff"
          strokeWidth="6"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="50" cy="22" r="4" fill={BRAND_ACCENT} />
      </Box>
      <Typography noWrap sx={{ fontWeight: 800, fontSize: size * 0.56, letterSpacing: '-0.01em' }}>
        {env.appName}
      </Typography>
    </Stack>
  );
}
