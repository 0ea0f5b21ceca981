import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

type Props = {
  /** The card's heading, shown at once so the card is recognisable while it loads. */
  title: string;
  /** The loading status's name: "Loading earnings". */
  label: string;
};

/**
 * A card that is still coming (its code or its data): its heading and a skeleton filling the
 * rest. It fills its parent, so a parent of fixed height keeps the page from moving.
 */
export function CardPlaceholder({ title, label }: Props) {
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <Typography component="p" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
        {title}
      </Typography>
      <Stack role="status" aria-label={label} aria-busy="true" sx={{ flexGrow: 1 }}>
        <Skeleton variant="rounded" height="100%" />
      </Stack>
    </Paper>
  );
}
