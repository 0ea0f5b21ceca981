import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ReactNode } from 'react';
import { EmptyState } from './empty-state.tsx';
import { Pager } from './pager.tsx';
import { QueryError } from './query-error.tsx';
import { SkeletonRows } from './skeleton-rows.tsx';

type ListPage = { total: number; pageSize: number };

type Props<T extends ListPage> = {
  /** The list query (TanStack Query's result, or the part of it this needs). */
  query: { data: T | undefined; isPending: boolean; isError: boolean; refetch: () => unknown };
  page: number;
  onPageChange: (page: number) => void;
  /** Names the skeleton ("Loading …"), the pager ("… pages") and is the empty state's icon. */
  label: string;
  errorMessage: string;
  empty: { icon: ReactNode; title: string; description: ReactNode; action?: ReactNode };
  /** The rows as a table (600 px and wider) and as cards (phones). */
  table: (data: T) => ReactNode;
  cards: (data: T) => ReactNode;
};

/**
 * The states every paged list goes through: skeleton rows while the first page loads, an
 * inline error with Retry, an empty state, then the rows (a table, or cards on a phone) and
 * the pager. The rows of the previous page stay while the next one loads.
 */
export function ListStates<T extends ListPage>({
  query: { data, isPending, isError, refetch },
  page,
  onPageChange,
  label,
  errorMessage,
  empty,
  table,
  cards,
}: Props<T>) {
  const isPhone = useMediaQuery(useTheme().breakpoints.down('sm'));
  if (isPending) return <SkeletonRows label={`Loading ${label.toLowerCase()}`} />;
  if (isError || !data) return <QueryError message={errorMessage} onRetry={() => void refetch()} />;
  if (data.total === 0)
    return (
      <Paper variant="outlined">
        <EmptyState {...empty} />
      </Paper>
    );
  return (
    <Stack spacing={2}>
      {isPhone ? cards(data) : table(data)}
      <Pager
        page={page}
        pageSize={data.pageSize}
        total={data.total}
        label={`${label} pages`}
        onChange={onPageChange}
      />
    </Stack>
  );
}
