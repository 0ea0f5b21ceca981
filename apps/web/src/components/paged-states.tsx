import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { Pager } from './pager.tsx';
import { QueryStates, type QueryStatesProps } from './query-states.tsx';

/** A page of records as the API sends lists. */
export type RecordPage<R> = { data: R[]; total: number; pageSize: number };

export type PagedStatesProps<R> = QueryStatesProps<RecordPage<R>> & {
  /** The page shown and the way to another; a list without it (the last five) has no pager. */
  paging?: { page: number; onChange: (page: number) => void };
};

/**
 * A list's states (QueryStates: skeleton, error with Retry, empty in words), then the records
 * and the pager; the previous page stays while the next one loads. Lists of rows use
 * RecordList, which lays the records out; this is for records shown otherwise (the
 * investments' cards). `label` also names the pager ("… pages").
 */
export function PagedStates<R>({
  paging,
  children,
  ...states
}: PagedStatesProps<R> & { children: (records: R[]) => ReactNode }) {
  return (
    <QueryStates {...states} isEmpty={(page) => page.total === 0}>
      {(page) => (
        <Stack spacing={2}>
          {children(page.data)}
          {paging && (
            <Pager
              page={paging.page}
              pageSize={page.pageSize}
              total={page.total}
              label={`${states.label} pages`}
              onChange={paging.onChange}
            />
          )}
        </Stack>
      )}
    </QueryStates>
  );
}
