import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded';
import DownloadRounded from '@mui/icons-material/DownloadRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { env } from '../../../config/env.ts';
import { copyToClipboard } from '../../../lib/clipboard.ts';
import { saveFile } from '../../../lib/save-file.ts';

/** "member-invest-recovery-codes.txt": the file says which account's codes it holds. */
export const RECOVERY_CODES_FILE = `${env.appName.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-recovery-codes.txt`;

/** What the downloaded file says: whose codes they are, when they were made, and the codes. */
const fileText = (codes: readonly string[]) =>
  [
    `${env.appName} recovery codes`,
    `Made ${new Date().toISOString().slice(0, 10)}. Each code signs you in once.`,
    '',
    ...codes,
    '',
  ].join('\n');

type Props = { codes: readonly string[]; onDone: () => void };

/**
 * Recovery codes, shown this once: to copy or download, and a tick that they were saved before
 * Done, since a member who loses the phone without them is locked out.
 */
export function RecoveryCodesStep({ codes, onDone }: Props) {
  const [isSaved, setIsSaved] = useState(false);
  return (
    <>
      <DialogContent sx={{ pt: 0 }}>
        <Stack spacing={2}>
          <Typography variant="body2">
            Each code signs you in once if you cannot use your authenticator app. Keep them
            somewhere safe, such as a password manager: they will not be shown again.
          </Typography>
          <Box
            component="ol"
            aria-label="Recovery codes"
            sx={{
              display: 'grid',
              gridTemplateColumns: 'repeat(2, 1fr)',
              gap: 1,
              m: 0,
              px: 2,
              py: 1.5,
              listStyle: 'none',
              borderRadius: 1,
              bgcolor: 'action.hover',
              fontFamily: 'monospace',
              fontSize: '1rem',
              textAlign: 'center',
            }}
          >
            {codes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </Box>
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
            <Button
              variant="outlined"
              startIcon={<ContentCopyRounded />}
              onClick={() => void copyToClipboard(codes.join('\n'), 'Recovery codes copied')}
            >
              Copy all
            </Button>
            <Button
              variant="outlined"
              startIcon={<DownloadRounded />}
              onClick={() =>
                saveFile(new Blob([fileText(codes)], { type: 'text/plain' }), RECOVERY_CODES_FILE)
              }
            >
              Download
            </Button>
          </Stack>
          <FormControlLabel
            control={
              <Checkbox checked={isSaved} onChange={(event) => setIsSaved(event.target.checked)} />
            }
            label="I have saved my recovery codes"
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button variant="contained" disabled={!isSaved} onClick={onDone}>
          Done
        </Button>
      </DialogActions>
    </>
  );
}
