import type { CannedReplyView } from '@app/contracts';
import QuickreplyRounded from '@mui/icons-material/QuickreplyRounded';
import Button from '@mui/material/Button';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { useCannedReplies } from '../api/desk.ts';

/** The first line of a reply's text, for the menu: enough to tell two alike apart. */
const firstLine = (reply: CannedReplyView) => reply.text.split('\n')[0] ?? '';

/**
 * "Insert canned reply": a menu of the saved replies by title; one click puts its text into the
 * answer box, to be edited before sending. Read when first opened, not with every thread.
 */
export function CannedReplyMenu({ onInsert }: { onInsert: (text: string) => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const replies = useCannedReplies(anchor !== null);
  const menuId = useId();
  const close = () => setAnchor(null);
  return (
    <>
      <Button
        startIcon={<QuickreplyRounded />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        Insert canned reply
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        slotProps={{
          paper: { sx: { maxWidth: 'min(420px, calc(100vw - 32px))', maxHeight: 360 } },
        }}
      >
        {replies.isPending ? (
          <MenuItem disabled>Loading canned replies…</MenuItem>
        ) : replies.isError ? (
          <MenuItem disabled>The canned replies could not be loaded.</MenuItem>
        ) : replies.data.length === 0 ? (
          <MenuItem disabled>No canned replies yet: add them under Canned replies.</MenuItem>
        ) : (
          replies.data.map((reply) => (
            <MenuItem
              key={reply.id}
              onClick={() => {
                close();
                onInsert(reply.text);
              }}
            >
              <ListItemText
                primary={reply.title}
                secondary={firstLine(reply)}
                slotProps={{
                  primary: { sx: { whiteSpace: 'normal', overflowWrap: 'anywhere' } },
                  secondary: { noWrap: true },
                }}
              />
            </MenuItem>
          ))
        )}
      </Menu>
    </>
  );
}
