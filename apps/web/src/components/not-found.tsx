import SearchOffRounded from '@mui/icons-material/SearchOffRounded';
import Paper from '@mui/material/Paper';
import { env } from '../config/env.ts';
import { paths } from '../config/paths.ts';
import { EmptyState } from './empty-state.tsx';
import { LinkButton } from './link-button.tsx';

export function NotFound() {
  return (
    <Paper variant="outlined">
      <title>{`Page not found · ${env.appName}`}</title>
      <EmptyState
        icon={<SearchOffRounded />}
        title="Page not found"
        titleComponent="h1"
        description="The address you followed does not lead to a screen of this app."
        action={
          <LinkButton to={paths.dashboard} variant="contained">
            Back to dashboard
          </LinkButton>
        }
      />
    </Paper>
  );
}
