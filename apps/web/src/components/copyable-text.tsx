import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { shortenMiddle } from '../lib/format.ts';
import { CopyButton } from './copy-button.tsx';

type Props = {
  text: string;
  /** What the text is, for the copy button's name and the toast: "Transaction hash". */
  label: string;
};

/** A hash or address shortened to its ends, the whole of it in a tooltip and one click to copy. */
export function CopyableText({ text, label }: Props) {
  return (
    <Stack direction="row" spacing={0.25} sx={{ alignItems: 'center', minWidth: 0 }}>
      <Tooltip title={text}>
        <Typography
          component="span"
          variant="body2"
          aria-label={`${label} ${text}`}
          sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}
        >
          {shortenMiddle(text)}
        </Typography>
      </Tooltip>
      <CopyButton text={text} label={label} />
    </Stack>
  );
}
