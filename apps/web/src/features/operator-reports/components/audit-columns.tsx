import type { AuditEntryView } from '@app/contracts';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { dateTimeColumn } from '../../../components/record-columns.tsx';
import type { RecordColumn } from '../../../components/record-list.tsx';

const mono = { fontFamily: 'monospace', fontSize: '0.8125rem' } as const;

/** The entry's detail as indented JSON text, folded until asked for. */
function DetailCell({ entry }: { entry: AuditEntryView }) {
  if (entry.detail === null || entry.detail === undefined) return '—';
  return (
    <Box component="details" sx={{ maxWidth: { xs: '100%', md: 360 }, minWidth: { md: 240 } }}>
      <Box component="summary" sx={{ cursor: 'pointer', color: 'primary.main', fontWeight: 600 }}>
        Show detail
      </Box>
      <Box
        component="pre"
        sx={{
          ...mono,
          m: 0,
          mt: 1,
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-word',
          textAlign: 'left',
        }}
      >
        {JSON.stringify(entry.detail, null, 2)}
      </Box>
    </Box>
  );
}

export const auditColumns: RecordColumn<AuditEntryView>[] = [
  {
    header: 'Action',
    cell: (entry) => (
      <Typography component="span" variant="inherit" sx={mono}>
        {entry.action}
      </Typography>
    ),
    card: 'title',
  },
  {
    header: 'Operator',
    cell: (entry) => entry.operatorEmail ?? 'System (configuration)',
    card: 'detail',
  },
  {
    header: 'Target',
    cell: (entry) =>
      entry.targetType ? (
        <Typography component="span" variant="inherit" sx={{ wordBreak: 'break-all' }}>
          {`${entry.targetType} ${entry.targetId ?? ''}`}
        </Typography>
      ) : (
        '—'
      ),
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
  { header: 'Detail', cell: (entry) => <DetailCell entry={entry} />, card: 'detail' },
];
