import Box from '@mui/material/Box';

/** The coin's icon (from the API, which serves the cryptocurrency-icons set); decorative. */
export function PairIcon({ src, size = 32 }: { src: string; size?: number }) {
  return (
    <Box
      component="img"
      src={src}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      sx={{ flexShrink: 0, display: 'block' }}
    />
  );
}
