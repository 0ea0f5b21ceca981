import { SIGN_IN_HISTORY_LIMIT } from '@app/contracts';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SignInAttempts } from '../../../components/sign-in-attempts.tsx';
import { useSignInHistory } from '../api/get-sign-in-history.ts';

/** Where and when someone tried to sign in to the member's account, and how it went. */
export function SignInHistoryCard() {
  const history = useSignInHistory();
  return (
    <Paper variant="outlined" component="section" aria-labelledby="sign-ins-title" sx={{ p: 2.5 }}>
      <Stack spacing={2}>
        <Stack spacing={0.5}>
          <Typography
            id="sign-ins-title"
            component="h2"
            variant="subtitle1"
            sx={{ fontWeight: 600 }}
          >
            Sign-in history
          </Typography>
          <Typography variant="body2" color="text.secondary">
            The last {SIGN_IN_HISTORY_LIMIT} attempts to sign in to your account in the past 30
            days. If one was not you, change your password.
          </Typography>
        </Stack>
        <SignInAttempts
          query={history}
          errorMessage="Your sign-in history could not be loaded."
          emptyDescription="Each sign-in to your account, and each failed try, appears here."
        />
      </Stack>
    </Paper>
  );
}
