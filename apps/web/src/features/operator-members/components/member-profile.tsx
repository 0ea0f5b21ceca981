import type { OperatorMemberProfile } from '@app/contracts';
import MarkEmailReadRounded from '@mui/icons-material/MarkEmailReadRounded';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { DetailList } from '../../../components/detail-list.tsx';
import { TextLink } from '../../../components/text-link.tsx';
import { operatorPaths } from '../../../config/operator-paths.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { notifySuccess } from '../../../lib/toast.ts';
import { useResendVerification } from '../api/member-actions.ts';

type Props = { profile: OperatorMemberProfile; canAct: boolean };

/** Who the member is and how to reach them; an unverified email can be sent a fresh code. */
export function MemberProfile({ profile, canAct }: Props) {
  const resend = useResendVerification(profile.id);
  const sponsor = profile.sponsorCode
    ? {
        label: 'Sponsor',
        value: (
          <TextLink
            to={`${operatorPaths.members}?q=${encodeURIComponent(profile.sponsorCode)}`}
          >{`${profile.sponsorName ?? ''} (${profile.sponsorCode})`}</TextLink>
        ),
      }
    : { label: 'Sponsor', value: 'None (root member)' };
  return (
    <Paper variant="outlined" component="section" aria-label="Profile" sx={{ p: 2.5 }}>
      <Stack spacing={2}>
        <DetailList
          items={[
            { label: 'Registered ID', value: profile.referralCode },
            { label: 'Email', value: profile.email },
            {
              label: 'Email verification',
              value: profile.emailVerified ? 'Verified' : 'Not verified',
            },
            { label: 'Mobile', value: profile.mobile },
            { label: 'Dial code', value: profile.dialCode ?? '—' },
            sponsor,
            {
              label: 'Payout address',
              value: profile.payoutAddress ?? 'Not set',
            },
            { label: 'Joined', value: formatDateTime(profile.joinedAt) },
          ]}
        />
        {canAct && !profile.emailVerified && (
          <Button
            variant="outlined"
            startIcon={<MarkEmailReadRounded />}
            loading={resend.isPending}
            onClick={() =>
              resend.mutate(undefined, {
                onSuccess: ({ message }) => notifySuccess(message || 'Verification code sent'),
              })
            }
            sx={{ alignSelf: 'flex-start' }}
          >
            Resend verification
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
