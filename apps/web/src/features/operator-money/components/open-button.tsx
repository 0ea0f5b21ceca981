import Button from '@mui/material/Button';

/** The way into a queue item's detail; its name says which item, for screen readers. */
export function OpenButton({ label, onOpen }: { label: string; onOpen: () => void }) {
  return (
    <Button size="small" variant="outlined" onClick={onOpen} aria-label={label}>
      Open
    </Button>
  );
}
