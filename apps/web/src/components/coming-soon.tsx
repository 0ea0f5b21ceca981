import HourglassTopRounded from '@mui/icons-material/HourglassTopRounded';
import Paper from '@mui/material/Paper';
import { paths } from '../config/paths.ts';
import { EmptyState } from './empty-state.tsx';
import { LinkButton } from './link-button.tsx';
import { PageHeader } from './page-header.tsx';

type Props = { title: string; summary: string };

/** A screen that is routed and in the menu but not built yet: says what it will show. */
export function ComingSoon({ title, summary }: Props) {
  return (
    <>
      <PageHeader title={title} />
      <Paper variant="outlined">
        <EmptyState
          icon={<HourglassTopRounded />}
          title="Coming soon"
          description={summary}
          action={
            <LinkButton to={paths.dashboard} variant="contained">
              Back to dashboard
            </LinkButton>
          }
        />
      </Paper>
    </>
  );
}
