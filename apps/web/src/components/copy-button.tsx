import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { copyToClipboard } from '../lib/clipboard.ts';

type Props = {
  text: string;
  /** What the text is, for the button's name and the toast: "Address" → "Copy address", "Address copied". */
  label: string;
};

/** A small copy icon next to an address or a hash. */
export function CopyButton({ text, label }: Props) {
  const name = `Copy ${label.toLowerCase()}`;
  return (
    <Tooltip title={name}>
      <IconButton
        size="small"
        aria-label={name}
        onClick={() => void copyToClipboard(text, `${label} copied`)}
      >
        <ContentCopyRounded fontSize="inherit" />
      </IconButton>
    </Tooltip>
  );
}
