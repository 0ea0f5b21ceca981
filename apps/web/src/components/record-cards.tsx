import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DetailList } from './detail-list.tsx';
import type { RecordWithId, RowsProps } from './record-list.tsx';
import { visuallyHidden } from './visually-hidden.ts';

/** The records on a phone: a card each, title and amount on top, then labelled details. */
export function RecordCards<R extends RecordWithId>({
  records,
  columns,
  label,
  isCurrent,
}: RowsProps<R>) {
  const title = columns.find((column) => column.card === 'title');
  const amount = columns.find((column) => column.card === 'amount');
  const details = columns.filter((column) => column.card === 'detail');
  return (
    <Stack component="ul" spacing={1.5} aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {records.map((record) => (
        <Paper
          key={record.id}
          component="li"
          variant="outlined"
          aria-current={isCurrent?.(record) || undefined}
          sx={
            isCurrent?.(record) ? { p: 2, borderColor: 'primary.main', borderWidth: 2 } : { p: 2 }
          }
        >
          <Stack
            direction="row"
            sx={{ justifyContent: 'space-between', alignItems: 'baseline', gap: 1, mb: 1 }}
          >
            <Typography component="div" sx={{ fontWeight: 600, minWidth: 0 }}>
              {title?.cell(record)}
            </Typography>
            {amount && (
              <Typography component="div" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                <Box component="span" sx={visuallyHidden}>
                  {`${amount.header} `}
                </Box>
                {amount.cell(record)}
              </Typography>
            )}
          </Stack>
          <DetailList
            dense
            items={details.map((column) => ({ label: column.header, value: column.cell(record) }))}
          />
        </Paper>
      ))}
    </Stack>
  );
}
