import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { auditDetailLines } from '../utils/audit-detail.ts';

/** What an entry's detail says, as label and value lines; a change as before → after. */
export function AuditDetailLines({ detail }: { detail: unknown }) {
  const lines = auditDetailLines(detail);
  if (lines.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        Nothing more was recorded.
      </Typography>
    );
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', rowGap: 1.25 }}>
      {lines.map((line) => (
        <Box key={line.label}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {line.label}
          </Typography>
          <Typography
            component="dd"
            variant="body2"
            sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}
          >
            {line.value ?? (
              <>
                <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>
                  {line.before}
                </Box>
                <Box component="span" aria-label="changed to" sx={{ mx: 0.75 }}>
                  →
                </Box>
                {line.after}
              </>
            )}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
