import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SignInAttempts } from '../../../components/sign-in-attempts.tsx';
import { useMemberSignInHistory } from '../../../features/operator-members/api/get-member-lists.ts';

/** The member's account security as the console sees it: their sign-in history. */
export function MemberSecurity({ memberId }: { memberId: string }) {
  const history = useMemberSignInHistory(memberId);
  return (
    <Stack component="section" aria-labelledby="member-sign-ins-title" spacing={1.5}>
      <Stack spacing={0.5}>
        <Typography
          id="member-sign-ins-title"
          component="h2"
          variant="subtitle1"
          sx={{ fontWeight: 600 }}
        >
          Sign-in history
        </Typography>
        <Typography variant="body2" color="text.secondary">
          The latest attempts on this account in the past 30 days, whichever identifier was typed.
        </Typography>
      </Stack>
      <SignInAttempts
        query={history}
        errorMessage="The member's sign-in history could not be loaded."
        emptyDescription="The member has not signed in, or tried to, in the past 30 days."
      />
    </Stack>
  );
}
