import BrokenImageRounded from '@mui/icons-material/BrokenImageRounded';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Dialog from '@mui/material/Dialog';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { SxProps, Theme } from '@mui/material/styles';

type Props = {
  /** The image's bytes, from a route that checks the session: never a URL anyone could open. */
  load: () => Promise<Blob>;
  queryKey: QueryKey;
  /** What the image is, for a screen reader: "Image from Asha Verma". */
  label: string;
};

/** The blob drawn through an object URL that lives exactly as long as the <img> shows it. */
function BlobImage({ blob, alt, sx }: { blob: Blob; alt: string; sx: SxProps<Theme> }) {
  const image = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const url = URL.createObjectURL(blob);
    if (image.current) image.current.src = url;
    return () => URL.revokeObjectURL(url);
  }, [blob]);
  return <Box component="img" ref={image} alt={alt} sx={sx} />;
}

/**
 * An image in a ticket's thread: read with the reader's session (the server answers it with
 * no-store, so it is kept only in this page's memory), shown small, opened whole on a click.
 */
export function ThreadImage({ load, queryKey, label }: Props) {
  const image = useQuery({ queryKey, queryFn: load, staleTime: Infinity, retry: 1 });
  const [isOpen, setOpen] = useState(false);
  if (image.isError)
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'text.secondary' }}>
        <BrokenImageRounded fontSize="small" />
        <Typography variant="body2">The image could not be loaded.</Typography>
      </Stack>
    );
  if (!image.data)
    return <Skeleton variant="rounded" width={200} height={140} aria-label={`Loading ${label}`} />;
  return (
    <>
      <ButtonBase
        onClick={() => setOpen(true)}
        aria-label={`Open ${label}`}
        sx={{ borderRadius: 1, overflow: 'hidden', display: 'block' }}
      >
        <BlobImage
          blob={image.data}
          alt={label}
          sx={{
            display: 'block',
            maxWidth: '100%',
            width: 240,
            maxHeight: 240,
            objectFit: 'cover',
          }}
        />
      </ButtonBase>
      <Dialog open={isOpen} onClose={() => setOpen(false)} maxWidth="lg" aria-label={label}>
        <ButtonBase onClick={() => setOpen(false)} aria-label="Close the image">
          <BlobImage
            blob={image.data}
            alt={label}
            sx={{ display: 'block', maxWidth: '100%', maxHeight: '85vh', objectFit: 'contain' }}
          />
        </ButtonBase>
      </Dialog>
    </>
  );
}
