import {
  SUBMISSION_STATUSES,
  VERIFICATION_AGES,
  verificationStatusLabels,
  type VerificationQueueItem,
} from '@app/contracts';
import BadgeRounded from '@mui/icons-material/BadgeRounded';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { PagedStates } from '../../../components/paged-states.tsx';
import { FilterBar } from '../../../components/select-filter.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useVerificationQueue } from '../api/verification.ts';
import type { QueueParams } from '../hooks/use-queue-params.ts';
import { countryNameOf } from '../../../lib/countries.ts';

const AGE_LABELS: Record<(typeof VERIFICATION_AGES)[number], string> = {
  any: 'Any age',
  'over-1-day': 'Sent over a day ago',
  'over-3-days': 'Sent over 3 days ago',
  'over-7-days': 'Sent over a week ago',
};

const filterSx = { flex: '1 1 150px', maxWidth: { sm: 240 } };

/** The queue: submissions by status and age, each a link to its review. */
export function QueueList({ queue, selectedId }: { queue: QueueParams; selectedId?: string }) {
  const submissions = useVerificationQueue(queue.query);
  return (
    <Stack spacing={2}>
      <FilterBar>
        <TextField
          select
          size="small"
          label="Status"
          value={queue.status}
          onChange={(event) => queue.setFilters({ status: event.target.value })}
          sx={filterSx}
        >
          {SUBMISSION_STATUSES.map((status) => (
            <MenuItem key={status} value={status}>
              {verificationStatusLabels[status]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Age"
          value={queue.age}
          onChange={(event) => queue.setFilters({ age: event.target.value })}
          sx={filterSx}
        >
          {VERIFICATION_AGES.map((age) => (
            <MenuItem key={age} value={age}>
              {AGE_LABELS[age]}
            </MenuItem>
          ))}
        </TextField>
      </FilterBar>
      <PagedStates
        query={submissions}
        paging={{ page: queue.query.page, onChange: queue.setPage }}
        label="Submissions"
        errorMessage="The verification queue could not be loaded."
        empty={{
          icon: <BadgeRounded />,
          title: queue.status === 'submitted' ? 'Nothing waits for review' : 'No submissions here',
          description:
            queue.age === 'any'
              ? 'Identity documents members send show here.'
              : 'None this old; choose another age.',
        }}
      >
        {(records) => (
          <SubmissionLinks
            submissions={records}
            hrefOf={(item) => queue.hrefOf(item.id)}
            selectedId={selectedId}
          />
        )}
      </PagedStates>
    </Stack>
  );
}

function SubmissionLinks({
  submissions,
  hrefOf,
  selectedId,
}: {
  submissions: VerificationQueueItem[];
  hrefOf: (item: VerificationQueueItem) => string;
  selectedId?: string | undefined;
}) {
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <List aria-label="Submissions" disablePadding>
        {submissions.map((item, index) => (
          <ListItem key={item.id} disablePadding divider={index < submissions.length - 1}>
            <ListItemButton
              component={RouterLink}
              to={hrefOf(item)}
              selected={item.id === selectedId}
              aria-current={item.id === selectedId ? 'true' : undefined}
              sx={{ py: 1.5 }}
            >
              <Stack spacing={0.25} sx={{ minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {item.memberName} · {item.referralCode}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {countryNameOf(item.country)} · sent {formatDateTime(item.submittedAt)}
                  {item.decidedAt ? ` · decided ${formatDateTime(item.decidedAt)}` : ''}
                </Typography>
              </Stack>
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}
