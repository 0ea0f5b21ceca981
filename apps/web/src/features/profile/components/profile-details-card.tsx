import type { MemberView } from '@app/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Button from '@mui/material/Button';
import { useState, type ReactNode } from 'react';
import { CopyButton } from '../../../components/copy-button.tsx';
import { DetailList } from '../../../components/detail-list.tsx';
import { SkeletonRows } from '../../../components/skeleton-rows.tsx';
import { formatDate } from '../../../lib/format-dates.ts';
import { EmailChangeDialog } from './email-change-dialog.tsx';
import { OwnDetailsDialog } from './own-details-dialog.tsx';

type Props = {
  /** Null until the member is known (a session handed over without its details). */
  member: MemberView | null;
  /** Offered beside an unverified email: the way to verify it. */
  verifyAction?: ReactNode;
};

/** Long values (an email) wrap instead of pushing the card wider than a phone. */
const Wrapping = ({ children }: { children: ReactNode }) => (
  <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
    {children}
  </Box>
);

/** Who the member is: name, Registered ID, email and its state, mobile, sponsor, joined. */
export function ProfileDetailsCard({ member, verifyAction }: Props) {
  const [editing, setEditing] = useState<'details' | 'email' | null>(null);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="details-title" sx={{ p: 2.5 }}>
      <Stack spacing={2}>
        <Typography id="details-title" component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
          Your details
        </Typography>
        {member ? (
          <>
            <DetailList
              items={[
                { label: 'Name', value: <Wrapping>{member.name}</Wrapping> },
                {
                  label: 'Registered ID',
                  value: (
                    <Stack
                      component="span"
                      direction="row"
                      spacing={0.25}
                      sx={{ alignItems: 'center', justifyContent: 'flex-end' }}
                    >
                      <Box component="span" sx={{ fontFamily: 'monospace' }}>
                        {member.referral_code}
                      </Box>
                      <CopyButton text={member.referral_code} label="Registered ID" />
                    </Stack>
                  ),
                },
                {
                  label: 'Email',
                  value: (
                    <Stack
                      component="span"
                      spacing={0.5}
                      sx={{ alignItems: 'flex-end', display: 'inline-flex' }}
                    >
                      <Wrapping>{member.email}</Wrapping>
                      <Chip
                        component="span"
                        size="small"
                        variant="outlined"
                        color={member.verified ? 'success' : 'warning'}
                        label={member.verified ? 'Verified' : 'Not verified'}
                      />
                    </Stack>
                  ),
                },
                { label: 'Mobile', value: member.mobile },
                {
                  label: 'Sponsor',
                  value: member.sponsor ? (
                    <Wrapping>
                      {member.sponsor.name} ({member.sponsor.referralCode})
                    </Wrapping>
                  ) : (
                    'None'
                  ),
                },
                { label: 'Joined', value: formatDate(member.createdAt) },
              ]}
            />
            {!member.verified && verifyAction && (
              <Alert severity="warning" variant="outlined" action={verifyAction}>
                Verify your email to be able to withdraw.
              </Alert>
            )}
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
              <Button variant="outlined" onClick={() => setEditing('details')}>
                Edit details
              </Button>
              <Button variant="outlined" onClick={() => setEditing('email')}>
                Change email
              </Button>
            </Stack>
            <OwnDetailsDialog
              member={member}
              isOpen={editing === 'details'}
              onClose={() => setEditing(null)}
            />
            <EmailChangeDialog isOpen={editing === 'email'} onClose={() => setEditing(null)} />
          </>
        ) : (
          <SkeletonRows rows={6} label="Loading your details" />
        )}
      </Stack>
    </Paper>
  );
}
