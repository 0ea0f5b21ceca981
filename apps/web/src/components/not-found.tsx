import SearchOffRounded from '@mui/icons-material/SearchOffRounded';
import Paper from '@mui/material/Paper';
import { env } from '../config/env.ts';
import { paths } from '../config/paths.ts';
import { EmptyState } from './empty-state.tsx';
import { LinkButton } from './link-button.tsx';

type Props = { home?: { path: string; label: string } };

/** The screen for an address no route has; `home` is where its button leads. */
export function NotFound({ home = { path: paths.dashboard, label: 'Back to dashboard' } }: Props) {
  return (
    <Paper variant="outlined">
      <title>{`Page not found · ${env.appName}`}</title>
      <EmptyState
        icon={<SearchOffRounded />}
        title="Page not found"
        titleComponent="h1"
        description="The address you followed does not lead to a screen of this app."
        action={
          <LinkButton to={home.path} variant="contained">
            {home.label}
          </LinkButton>
        }
      />
    </Paper>
  );
}
