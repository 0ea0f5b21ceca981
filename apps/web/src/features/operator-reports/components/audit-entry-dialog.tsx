import { auditActionWords, type AuditEntryView } from '@app/contracts';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId } from 'react';
import { CopyableText } from '../../../components/copyable-text.tsx';
import { DetailList, type Detail } from '../../../components/detail-list.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { AuditDetailLines } from './audit-detail-lines.tsx';
import { actorOf, targetOf } from './audit-names.ts';

type Props = { entry: AuditEntryView | null; onClose: () => void };

/**
 * One audit entry in full: the action in words and its code, who and what with their ids to
 * copy, when and from where, and what its detail recorded. Full screen on a phone.
 */
export function AuditEntryDialog({ entry, onClose }: Props) {
  const titleId = useId();
  const { breakpoints } = useTheme();
  const isPhone = useMediaQuery(breakpoints.down('sm'));
  if (!entry) return null;
  const target = targetOf(entry);
  const items: Detail[] = [
    {
      label: 'Action',
      value: (
        <Typography component="span" variant="inherit" sx={{ fontFamily: 'monospace' }}>
          {entry.action}
        </Typography>
      ),
    },
    { label: 'By', value: actorOf(entry) },
  ];
  if (entry.operatorId)
    items.push({
      label: "Acting operator's id",
      value: <CopyableText text={entry.operatorId} label="Acting operator id" />,
    });
  if (target) items.push({ label: 'About', value: target.name });
  if (entry.targetMember)
    items.push({ label: 'Registered ID', value: entry.targetMember.registeredId });
  if (entry.targetId)
    items.push({
      label: `${target?.kind ?? 'Target'} id`,
      value: <CopyableText text={entry.targetId} label={`${target?.kind ?? 'Target'} id`} />,
    });
  items.push({ label: 'When', value: formatDateTime(entry.createdAt) });
  items.push({ label: 'IP address', value: entry.ip ?? '—' });

  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={isPhone}
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>{auditActionWords(entry.action)}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DetailList items={items} />
          <Divider />
          <Typography variant="subtitle2" component="h3">
            What was recorded
          </Typography>
          <AuditDetailLines detail={entry.detail} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
