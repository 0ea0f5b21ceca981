import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded';
import ShareRounded from '@mui/icons-material/ShareRounded';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { QrCode } from '../../../components/qr-code.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { ReadOnlyField } from '../../../components/read-only-field.tsx';
import { SkeletonRows } from '../../../components/skeleton-rows.tsx';
import { copyToClipboard } from '../../../lib/clipboard.ts';
import { useUniqueReferral } from '../api/get-unique-referral.ts';

async function shareLink(link: string) {
  try {
    await navigator.share({ title: 'Join me', text: 'Sign up with my invitation link', url: link });
  } catch {
    // Closing the share sheet rejects too; there is nothing to report.
  }
}

/** The member's invitation link with copy and, where the device can, native sharing. */
export function ReferralLinkCard() {
  const { data, isPending, isError, refetch } = useUniqueReferral();
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  return (
    <Paper variant="outlined" component="section" aria-labelledby="referral-title" sx={{ p: 2.5 }}>
      <Stack spacing={2}>
        <Stack
          direction="row"
          sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}
        >
          <Typography
            id="referral-title"
            component="h2"
            variant="subtitle1"
            sx={{ fontWeight: 600 }}
          >
            Invite members
          </Typography>
          {data && (
            <Chip
              label={`Your ID: ${data.referralCode}`}
              size="small"
              color="primary"
              variant="outlined"
            />
          )}
        </Stack>
        {isPending && <SkeletonRows rows={2} label="Loading referral link" />}
        {isError && (
          <QueryError
            message="Your referral link could not be loaded."
            onRetry={() => void refetch()}
          />
        )}
        {data && (
          <>
            <ReadOnlyField label="Referral link" value={data.link} />
            <Stack direction="row" spacing={1}>
              <Button
                variant="contained"
                startIcon={<ContentCopyRounded />}
                onClick={() => void copyToClipboard(data.link, 'Referral link copied')}
              >
                Copy link
              </Button>
              {canShare && (
                <Button
                  variant="outlined"
                  startIcon={<ShareRounded />}
                  onClick={() => void shareLink(data.link)}
                >
                  Share
                </Button>
              )}
            </Stack>
            {/* Shown on the member's phone, another's camera opens the link: no typing. */}
            <QrCode value={data.link} label="QR code of your referral link" size={140} />
          </>
        )}
      </Stack>
    </Paper>
  );
}
