import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Chip from '@mui/material/Chip';
import {
  verificationDocumentLabels,
  verificationStatusLabels,
  type MemberVerificationData,
  type VerificationStatus,
} from '@app/contracts';
import { formatDateTime } from '../../../lib/format.ts';

const chipColour: Record<VerificationStatus, 'default' | 'info' | 'success' | 'error' | 'warning'> =
  {
    'not-started': 'default',
    submitted: 'info',
    approved: 'success',
    rejected: 'error',
    'resubmission-requested': 'warning',
  };

export function VerificationStatusChip({ status }: { status: VerificationStatus }) {
  return <Chip size="small" color={chipColour[status]} label={verificationStatusLabels[status]} />;
}

/** Where the member stands, and after a rejection what to fix, in words. */
export function VerificationStatusNotice({ data }: { data: MemberVerificationData }) {
  switch (data.status) {
    case 'approved':
      return (
        <Alert severity="success">
          <AlertTitle>Your identity is verified</AlertTitle>
          {data.decidedAt ? `Approved on ${formatDateTime(data.decidedAt)}. ` : ''}Withdrawals no
          longer wait for it.
        </Alert>
      );
    case 'submitted':
      return (
        <Alert severity="info">
          <AlertTitle>In review</AlertTitle>
          Sent {data.submittedAt ? formatDateTime(data.submittedAt) : ''}. We will tell you here and
          by email when it is reviewed.
        </Alert>
      );
    case 'rejected':
      return (
        <Alert severity="error">
          <AlertTitle>Rejected: {data.rejection?.reason}</AlertTitle>
          {data.rejection?.note && <>Reviewer’s note: {data.rejection.note}. </>}
          Fix this and send your documents again below.
        </Alert>
      );
    case 'resubmission-requested':
      return (
        <Alert severity="warning">
          <AlertTitle>
            Send again:{' '}
            {data.requestedDocument &&
              verificationDocumentLabels[data.requestedDocument.kind].label}
          </AlertTitle>
          {data.requestedDocument?.note && <>Reviewer’s note: {data.requestedDocument.note}. </>}
          Your other documents are kept; upload this one and submit.
        </Alert>
      );
    case 'not-started':
      return (
        <Alert severity="info">
          <AlertTitle>Not started</AlertTitle>
          Choose the country of your identity document, fill in your details and upload the
          documents asked for. A reviewer checks them, usually within a day.
        </Alert>
      );
  }
}
