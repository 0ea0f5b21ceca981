import DownloadRounded from '@mui/icons-material/DownloadRounded';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { notifySuccess } from '../../../lib/toast.ts';
import { useDownloadMemberData } from '../api/download-member-data.ts';

/**
 * The member's own data, taken out (decision 0058): one ZIP of JSON and CSV files with the
 * documents they sent. `loginId` names the file; the button waits for it.
 */
export function MemberDataCard({ loginId }: { loginId: string | undefined }) {
  const download = useDownloadMemberData();
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="member-data-title"
      sx={{ p: 2.5 }}
    >
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Stack spacing={0.5}>
          <Typography
            id="member-data-title"
            component="h2"
            variant="subtitle1"
            sx={{ fontWeight: 600 }}
          >
            Your data
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Everything we keep about you in one file: your profile, sign-ins and sessions, every
            movement of your wallets, deposits, withdrawals, packages, incomes, tickets,
            notifications, and your verification with the documents you sent. Spreadsheets open its
            CSV files. Up to three downloads an hour.
          </Typography>
        </Stack>
        <Button
          variant="outlined"
          startIcon={<DownloadRounded />}
          disabled={!loginId}
          loading={download.isPending}
          onClick={() =>
            loginId &&
            download.mutate(loginId, { onSuccess: () => notifySuccess('Your data is downloaded') })
          }
        >
          Download my data
        </Button>
      </Stack>
    </Paper>
  );
}
