import HistoryRounded from '@mui/icons-material/HistoryRounded';
import Chip from '@mui/material/Chip';
import {
  SIGN_IN_METHOD_LABELS,
  SIGN_IN_OUTCOME_LABELS,
  type SignInAttemptView,
  type SignInHistory,
} from '@app/contracts';
import { QueryStates, type StatesQuery } from './query-states.tsx';
import { dateTimeColumn } from './record-columns.tsx';
import { RecordRows, type RecordColumn } from './record-list.tsx';

/** "Signed in" in green; a failure in red with its reason ("Wrong password"). */
function AttemptOutcome({ attempt }: { attempt: SignInAttemptView }) {
  const isSuccess = attempt.result === 'success';
  return (
    <Chip
      size="small"
      variant="outlined"
      color={isSuccess ? 'success' : 'error'}
      label={SIGN_IN_OUTCOME_LABELS[attempt.failure ?? attempt.result]}
    />
  );
}

const columns: RecordColumn<SignInAttemptView>[] = [
  dateTimeColumn('When', (attempt) => attempt.at, 'title'),
  { header: 'Result', cell: (attempt) => <AttemptOutcome attempt={attempt} />, card: 'amount' },
  { header: 'Device', cell: (attempt) => attempt.device, card: 'detail' },
  { header: 'IP address', cell: (attempt) => attempt.ip ?? '—', card: 'detail', isNowrap: true },
  {
    header: 'Method',
    cell: (attempt) => SIGN_IN_METHOD_LABELS[attempt.method],
    card: 'detail',
    isWideOnly: true,
  },
];

type Props = {
  query: StatesQuery<SignInHistory>;
  /** Whose attempts these are, for the error line: "your" or "the member's". */
  errorMessage: string;
  emptyDescription: string;
};

/**
 * A sign-in history (the member's own on the profile, a member's in the console): each attempt
 * on the account with its time, result, device, address and method, newest first; a table from
 * 600 px, a card per attempt below.
 */
export function SignInAttempts({ query, errorMessage, emptyDescription }: Props) {
  return (
    <QueryStates
      query={query}
      label="Sign-in history"
      errorMessage={errorMessage}
      empty={{ icon: <HistoryRounded />, title: 'No sign-ins yet', description: emptyDescription }}
      isEmpty={(history) => history.attempts.length === 0}
    >
      {(history) => (
        <RecordRows records={history.attempts} columns={columns} label="Sign-in history" />
      )}
    </QueryStates>
  );
}
