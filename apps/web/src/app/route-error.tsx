import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { EmptyState } from '../components/empty-state.tsx';

/**
 * Last resort when a screen crashes or its code cannot be fetched (say, after a deploy
 * replaced the chunks): a way out instead of a blank page.
 */
export function RouteError() {
  return (
    <Box component="main" sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center' }}>
      <EmptyState
        icon={<ErrorOutlineRounded />}
        title="Something went wrong"
        titleComponent="h1"
        description="This screen could not be shown. Reloading usually fixes it."
        action={
          <Button variant="contained" onClick={() => window.location.reload()}>
            Reload
          </Button>
        }
      />
    </Box>
  );
}
