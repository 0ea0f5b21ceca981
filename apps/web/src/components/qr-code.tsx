import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { useEffect, useState } from 'react';

type Props = {
  /** What the code holds: an address, a link. */
  value: string;
  /** What a screen reader says: "QR code of the deposit address". */
  label: string;
  size?: number;
};

/**
 * A QR code drawn in the browser, so another phone's camera (or a wallet app) reads it instead of
 * the member typing it. The encoder loads with the first code shown, not with the app.
 */
export function QrCode({ value, label, size = 168 }: Props) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let isCurrent = true;
    void import('qrcode')
      .then((qrcode) =>
        qrcode.toString(value, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }),
      )
      .then((drawn) => {
        if (isCurrent) setSvg(drawn);
      });
    return () => {
      isCurrent = false;
    };
  }, [value]);
  if (!svg) return <Skeleton variant="rounded" width={size} height={size} aria-label={label} />;
  return (
    <Box
      component="img"
      src={`data:image/svg+xml;base64,${btoa(svg)}`}
      alt={label}
      width={size}
      height={size}
      sx={{ display: 'block', bgcolor: '#fff', borderRadius: 1 }}
    />
  );
}
