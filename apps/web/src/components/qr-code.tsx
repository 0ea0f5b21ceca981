import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { useEffect, useRef, useState } from 'react';
import { useNearViewport } from '../lib/use-near-viewport.ts';

type Props = {
  /** What the code holds: an address, a link. */
  value: string;
  /** What a screen reader says: "QR code of the deposit address". */
  label: string;
  size?: number;
};

/**
 * A QR code drawn in the browser, so another phone's camera (or a wallet app) reads it instead of
 * the member typing it. The encoder loads with the first code shown, not with the app, and draws
 * once the code's place nears the viewport: drawing takes a long task on a slow phone, which a
 * code below the fold (the dashboard's referral card) would add to the first load for nothing.
 */
export function QrCode({ value, label, size = 168 }: Props) {
  const [svg, setSvg] = useState<string | null>(null);
  const place = useRef<HTMLSpanElement>(null);
  const isNear = useNearViewport(place);
  useEffect(() => {
    if (!isNear) return;
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
  }, [value, isNear]);
  if (!svg)
    return (
      <Skeleton
        ref={place}
        variant="rounded"
        width={size}
        height={size}
        role="status"
        aria-busy="true"
        aria-label={`Drawing the ${label}`}
      />
    );
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
