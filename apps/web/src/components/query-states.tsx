import Paper from '@mui/material/Paper';
import type { ReactNode } from 'react';
import { EmptyState } from './empty-state.tsx';
import { QueryError } from './query-error.tsx';
import { SkeletonRows } from './skeleton-rows.tsx';

/** The query (TanStack Query's result, or the part of it the states need). */
export type StatesQuery<T> = {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
};

export type EmptyProps = {
  icon: ReactNode;
  title: string;
  description: ReactNode;
  action?: ReactNode;
};

export type QueryStatesProps<T> = {
  query: StatesQuery<T>;
  /** What is shown, for the skeleton's name: "Loading deposits". */
  label: string;
  errorMessage: string;
  /** Before there is anything: what will fill the screen, and how to make the first. */
  empty: EmptyProps;
  /** While filters are on: what to say when they match nothing (shown without the action). */
  emptyFiltered?: { title: string; description: ReactNode };
  isFiltered?: boolean;
};

type Props<T> = QueryStatesProps<T> & {
  isEmpty: (data: T) => boolean;
  children: (data: T) => ReactNode;
};

/**
 * The states of anything a screen loads: 6 skeleton rows while it loads, an inline error with
 * Retry (the API client has toasted the reason), an empty state in words, then the content.
 */
export function QueryStates<T>({
  query: { data, isPending, isError, refetch },
  label,
  errorMessage,
  empty,
  emptyFiltered,
  isFiltered = false,
  isEmpty,
  children,
}: Props<T>) {
  if (isPending) return <SkeletonRows label={`Loading ${label.toLowerCase()}`} />;
  if (isError || data === undefined)
    return <QueryError message={errorMessage} onRetry={() => void refetch()} />;
  if (isEmpty(data)) {
    const shown = isFiltered && emptyFiltered ? { icon: empty.icon, ...emptyFiltered } : empty;
    return (
      <Paper variant="outlined">
        <EmptyState {...shown} />
      </Paper>
    );
  }
  return children(data);
}
