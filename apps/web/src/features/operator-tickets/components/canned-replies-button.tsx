import QuickreplyRounded from '@mui/icons-material/QuickreplyRounded';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { CannedRepliesDialog } from './canned-replies-dialog.tsx';

/** The page's way into the canned replies, for the roles that manage them. */
export function CannedRepliesButton() {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" startIcon={<QuickreplyRounded />} onClick={() => setOpen(true)}>
        Canned replies
      </Button>
      <CannedRepliesDialog isOpen={isOpen} onClose={() => setOpen(false)} />
    </>
  );
}
