import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CopyButton } from '../../../components/copy-button.tsx';

type Props = { label: string; value: string };

/** A value the member must type elsewhere exactly (an address, a network), whole and copyable. */
export function CopyableField({ label, value }: Props) {
  return (
    <Box>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
        <Typography
          sx={{ fontFamily: 'monospace', fontWeight: 600, wordBreak: 'break-all', minWidth: 0 }}
        >
          {value}
        </Typography>
        <CopyButton text={value} label={label} />
      </Stack>
    </Box>
  );
}
