import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  verificationDocumentLabels,
  verificationFieldLabels,
  verificationStatusLabels,
  type VerificationFieldKey,
  type VerificationSubmissionDetail,
} from '@app/contracts';
import { DetailList, type Detail } from '../../../components/detail-list.tsx';
import { LinkButton } from '../../../components/link-button.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { SkeletonRows } from '../../../components/skeleton-rows.tsx';
import { TextLink } from '../../../components/text-link.tsx';
import { buildOperatorPath } from '../../../config/operator-paths.ts';
import { countryNameOf } from '../../../lib/countries.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useSubmission } from '../api/verification.ts';
import { DecisionForm } from './decision-form.tsx';
import { DocumentViewer } from './document-viewer.tsx';

const statusColour = {
  submitted: 'info',
  approved: 'success',
  rejected: 'error',
  'resubmission-requested': 'warning',
} as const;

const fieldValue = (key: VerificationFieldKey, value: string) =>
  key === 'nationality' ? countryNameOf(value) : value;

type Props = { submissionId: string; canReview: boolean; backHref?: string | undefined };

/** One submission beside the queue: who, what they sent, and the reviewer's decision. */
export function SubmissionDetail({ submissionId, canReview, backHref }: Props) {
  const submission = useSubmission(submissionId);
  return (
    <Stack spacing={1.5}>
      {backHref && (
        <Box>
          <LinkButton to={backHref} startIcon={<ArrowBackRounded />} sx={{ ml: -1 }}>
            All submissions
          </LinkButton>
        </Box>
      )}
      {submission.isPending ? (
        <SkeletonRows label="Loading submission" rows={5} height={56} />
      ) : submission.isError ? (
        <QueryError
          message="This submission could not be loaded."
          onRetry={() => void submission.refetch()}
        />
      ) : (
        <Submission submission={submission.data} canReview={canReview} />
      )}
    </Stack>
  );
}

function Submission({
  submission,
  canReview,
}: {
  submission: VerificationSubmissionDetail;
  canReview: boolean;
}) {
  const facts: Detail[] = [
    { label: 'Email', value: submission.memberEmail },
    { label: 'Country', value: countryNameOf(submission.country) },
    { label: 'Sent', value: formatDateTime(submission.submittedAt) },
    { label: 'Requirements', value: `Version ${submission.requirementsVersion}` },
    ...(submission.decidedAt
      ? [
          {
            label: 'Decided',
            value: `${formatDateTime(submission.decidedAt)}${submission.decidedBy ? ` by ${submission.decidedBy}` : ''}`,
          },
        ]
      : []),
  ];
  const fields = Object.entries(submission.fields ?? {}) as [VerificationFieldKey, string][];
  return (
    <Paper
      variant="outlined"
      component="article"
      aria-label={`Submission of ${submission.memberName}`}
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Stack spacing={2.5}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
          <Typography component="h2" variant="h6" sx={{ flexGrow: 1, overflowWrap: 'anywhere' }}>
            <TextLink to={buildOperatorPath.member(submission.memberId)}>
              {submission.memberName}
            </TextLink>{' '}
            · {submission.referralCode}
          </Typography>
          <Chip
            size="small"
            color={statusColour[submission.status]}
            label={verificationStatusLabels[submission.status]}
          />
        </Stack>
        <DetailList items={facts} dense />
        {submission.rejection && (
          <Alert severity="error">
            Rejected: {submission.rejection.reason}
            {submission.rejection.note ? ` (${submission.rejection.note})` : ''}
          </Alert>
        )}
        {submission.requestedDocument && (
          <Alert severity="warning">
            Asked again: {verificationDocumentLabels[submission.requestedDocument].label}
          </Alert>
        )}
        {!canReview && (
          <Alert severity="info">
            The details and documents are shown to reviewers only (admin and support).
          </Alert>
        )}
        {fields.length > 0 && (
          <Stack spacing={1}>
            <Typography component="h3" variant="subtitle2">
              Details
            </Typography>
            <DetailList
              items={fields.map(([key, value]) => ({
                label: verificationFieldLabels[key],
                value: fieldValue(key, value),
              }))}
            />
          </Stack>
        )}
        {submission.documents && (
          <Stack spacing={1}>
            <Typography component="h3" variant="subtitle2">
              Documents
            </Typography>
            <Grid container spacing={2}>
              {submission.documents.map((document) => (
                <Grid key={document.id} size={{ xs: 12, sm: 6 }}>
                  <DocumentViewer submissionId={submission.id} document={document} />
                </Grid>
              ))}
            </Grid>
          </Stack>
        )}
        {canReview && submission.status === 'submitted' && <DecisionForm submission={submission} />}
      </Stack>
    </Paper>
  );
}
