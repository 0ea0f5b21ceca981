import { auditActionWords, type AuditEntryView } from '@app/contracts';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { dateTimeColumn } from '../../../components/record-columns.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import type { RecordColumn } from '../../../components/record-list.tsx';
import { actorOf, targetOf } from './audit-names.ts';

const wraps = { overflowWrap: 'anywhere' } as const;

/** A name with the id it stands for on hover (and in the entry's detail, to copy). */
function Named({ name, id }: { name: string; id: string | null }) {
  const text = (
    <Typography component="span" variant="inherit" sx={wraps}>
      {name}
    </Typography>
  );
  return id ? <Tooltip title={id}>{text}</Tooltip> : text;
}

/**
 * The audit log's columns: the action in words, who and what by name, when, and a button that
 * opens the whole entry (ids, IP, what changed), so no row grows with its detail.
 */
export function auditColumns(
  onOpen: (entry: AuditEntryView) => void,
): RecordColumn<AuditEntryView>[] {
  return [
    {
      header: 'Action',
      cell: (entry) => (
        <Tooltip title={entry.action}>
          <Typography component="span" variant="inherit" sx={{ fontWeight: 600 }}>
            {auditActionWords(entry.action)}
          </Typography>
        </Tooltip>
      ),
      card: 'title',
    },
    {
      header: 'By',
      cell: (entry) => <Named name={actorOf(entry)} id={entry.operatorId} />,
      card: 'detail',
    },
    {
      header: 'About',
      cell: (entry) => {
        const target = targetOf(entry);
        return target ? <Named name={target.name} id={entry.targetId} /> : '—';
      },
      card: 'detail',
    },
    dateTimeColumn('When', (entry) => entry.createdAt, 'detail'),
    {
      header: 'IP',
      cell: (entry) => entry.ip ?? '—',
      card: 'detail',
      isNowrap: true,
      isWideOnly: true,
    },
    {
      header: 'Detail',
      cell: (entry) => (
        <Button
          size="small"
          onClick={() => onOpen(entry)}
          aria-label={`Details of ${auditActionWords(entry.action).toLowerCase()}, ${formatDateTime(entry.createdAt)}`}
        >
          Details
        </Button>
      ),
      card: 'detail',
      isNowrap: true,
    },
  ];
}
