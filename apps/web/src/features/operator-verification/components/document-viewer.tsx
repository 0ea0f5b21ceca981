import OpenInNewRounded from '@mui/icons-material/OpenInNewRounded';
import PictureAsPdfRounded from '@mui/icons-material/PictureAsPdfRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo } from 'react';
import { verificationDocumentLabels, type VerificationDocumentView } from '@app/contracts';
import { QueryError } from '../../../components/query-error.tsx';
import { useDocumentBlob } from '../api/verification.ts';

/**
 * One document, fetched with the session and shown from memory: an image inline, a PDF as a
 * button that opens it in a new tab from memory. Nothing about it is a URL anyone could reuse.
 */
export function DocumentViewer({
  submissionId,
  document,
}: {
  submissionId: string;
  document: VerificationDocumentView;
}) {
  const blob = useDocumentBlob(submissionId, document.id);
  const url = useMemo(() => (blob.data ? URL.createObjectURL(blob.data) : null), [blob.data]);
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);
  const { label } = verificationDocumentLabels[document.kind];
  const isPdf = document.mediaType === 'application/pdf';
  return (
    <Paper variant="outlined" component="figure" sx={{ m: 0, p: 1.5 }}>
      <Stack spacing={1}>
        {blob.isError && (
          <QueryError
            message={`${label} could not be loaded.`}
            onRetry={() => void blob.refetch()}
          />
        )}
        {!url && !blob.isError && (
          <Skeleton variant="rounded" height={180} aria-label={`Loading ${label}`} />
        )}
        {url && !isPdf && (
          <Box
            component="img"
            src={url}
            alt={label}
            sx={{ width: '100%', maxHeight: 360, objectFit: 'contain', bgcolor: 'action.hover' }}
          />
        )}
        {url && isPdf && (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <PictureAsPdfRounded color="error" />
            <Button
              variant="outlined"
              size="small"
              endIcon={<OpenInNewRounded />}
              onClick={() => window.open(url, '_blank', 'noopener')}
            >
              Open the PDF
            </Button>
          </Stack>
        )}
        <Typography component="figcaption" variant="body2" sx={{ fontWeight: 600 }}>
          {label}
        </Typography>
      </Stack>
    </Paper>
  );
}
