import CameraAltRounded from '@mui/icons-material/CameraAltRounded';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import DescriptionRounded from '@mui/icons-material/DescriptionRounded';
import UploadFileRounded from '@mui/icons-material/UploadFileRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import {
  MEMBER_FILE_ACCEPT,
  verificationDocumentLabels,
  type VerificationDocumentKind,
  type VerificationDocumentView,
} from '@app/contracts';
import { ApiError } from '../../../lib/api-client.ts';
import { uploadDocument } from '../api/upload-document.ts';
import { useRefreshVerification } from '../api/verification.ts';
import { fileProblem, fileSize, isPreviewable } from '../utils/files.ts';

type Props = {
  kind: VerificationDocumentKind;
  /** What is on file for this kind: a draft, or one kept from the last submission. */
  current: { document: VerificationDocumentView; kept: boolean } | null;
  /** The reviewer asked for this one again. */
  requested?: boolean;
  /** The server's reason after a submit that lacked it. */
  error?: string | undefined;
};

type Upload =
  | { state: 'idle' }
  | { state: 'sending'; progress: number }
  | { state: 'failed'; message: string }
  | { state: 'done' };

/**
 * One document: take a photo (the phone's camera opens) or choose a file, see it, and watch it
 * upload. A wrong type or size is said before anything is sent; the server's refusal is shown
 * in the same place.
 */
export function DocumentUpload({ kind, current, requested = false, error }: Props) {
  const { label, hint } = verificationDocumentLabels[kind];
  const id = useId();
  const camera = useRef<HTMLInputElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const refresh = useRefreshVerification();
  const [upload, setUpload] = useState<Upload>({ state: 'idle' });
  const [chosen, setChosen] = useState<{ name: string; url: string | null } | null>(null);

  useEffect(() => () => void (chosen?.url && URL.revokeObjectURL(chosen.url)), [chosen]);

  const send = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = fileProblem(file);
    if (problem) return setUpload({ state: 'failed', message: problem });
    setChosen({ name: file.name, url: isPreviewable(file) ? URL.createObjectURL(file) : null });
    setUpload({ state: 'sending', progress: 0 });
    try {
      await uploadDocument(kind, file, (progress) => setUpload({ state: 'sending', progress }));
      setUpload({ state: 'done' });
      await refresh();
    } catch (caught) {
      const message = caught instanceof ApiError ? caught.message : 'The upload failed';
      setUpload({ state: 'failed', message });
    }
  };

  const message = upload.state === 'failed' ? upload.message : error;
  const onFile = current && upload.state !== 'sending' && upload.state !== 'failed';
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={`${id}-title`}
      sx={{
        p: 2,
        borderColor: message ? 'error.main' : requested && !current ? 'warning.main' : undefined,
      }}
    >
      <Stack spacing={1.5}>
        <Stack spacing={0.25}>
          <Typography id={`${id}-title`} component="h3" variant="subtitle2">
            {label}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {requested && !current ? 'Asked for again: send a new one. ' : ''}
            {hint}
          </Typography>
        </Stack>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', minHeight: 64 }}>
          <Box
            sx={{
              width: 64,
              height: 64,
              flexShrink: 0,
              borderRadius: 1,
              bgcolor: 'action.hover',
              display: 'grid',
              placeItems: 'center',
              overflow: 'hidden',
            }}
          >
            {chosen?.url ? (
              <Box
                component="img"
                src={chosen.url}
                alt={`Preview of ${label}`}
                sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
              />
            ) : (
              <DescriptionRounded color={onFile ? 'primary' : 'disabled'} />
            )}
          </Box>
          <Box sx={{ minWidth: 0 }}>
            {chosen && (
              <Typography variant="body2" noWrap>
                {chosen.name}
              </Typography>
            )}
            {onFile && (
              <Typography
                variant="body2"
                color="success.main"
                sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}
              >
                <CheckCircleRounded fontSize="small" />
                {current.kept ? 'Kept from your last submission' : 'Uploaded'},{' '}
                {fileSize(current.document.byteSize)}
              </Typography>
            )}
            {!onFile && upload.state === 'idle' && !message && (
              <Typography variant="body2" color="text.secondary">
                Not uploaded yet
              </Typography>
            )}
          </Box>
        </Stack>
        {upload.state === 'sending' && (
          <LinearProgress
            variant="determinate"
            value={Math.round(upload.progress * 100)}
            aria-label={`Uploading ${label}`}
          />
        )}
        {message && (
          <Typography role="alert" variant="body2" color="error">
            {message}
          </Typography>
        )}
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button
            variant="outlined"
            startIcon={<CameraAltRounded />}
            onClick={() => camera.current?.click()}
            disabled={upload.state === 'sending'}
            aria-label={`Take photo: ${label}`}
          >
            Take photo
          </Button>
          <Button
            variant="text"
            startIcon={<UploadFileRounded />}
            onClick={() => picker.current?.click()}
            disabled={upload.state === 'sending'}
            aria-label={`Choose file: ${label}`}
          >
            Choose file
          </Button>
        </Stack>
        <input
          ref={camera}
          type="file"
          accept="image/*"
          capture={kind === 'selfie' ? 'user' : 'environment'}
          hidden
          onChange={(event) => void send(event)}
          data-testid={`camera-${kind}`}
        />
        <input
          ref={picker}
          type="file"
          accept={MEMBER_FILE_ACCEPT}
          hidden
          onChange={(event) => void send(event)}
          aria-label={`${label} file`}
        />
      </Stack>
    </Paper>
  );
}
