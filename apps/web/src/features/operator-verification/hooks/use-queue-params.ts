import {
  DEFAULT_PAGE_SIZE,
  SUBMISSION_STATUSES,
  VERIFICATION_AGES,
  type SubmissionStatus,
} from '@app/contracts';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useListParams } from '../../../lib/use-list-params.ts';
import type { QueueQuery } from '../api/verification.ts';

const filterKeys = ['status', 'age'] as const;
const SUBMISSION = 'submission';

/** A hand-edited address (?status=lost) is ignored rather than sent to be refused. */
const oneOf = <V extends string>(values: readonly V[], value: string | undefined) =>
  (values as readonly string[]).includes(value ?? '') ? (value as V) : undefined;

/**
 * The queue's state, all in the address: status (in review by default), age, page and the open
 * submission (`?submission=`), so a reload or a shared link shows the same view and Back closes
 * a submission on a phone.
 */
export function useQueueParams() {
  const { page, filters, setPage, setFilters } = useListParams(filterKeys);
  const [params] = useSearchParams();
  const status: SubmissionStatus = oneOf(SUBMISSION_STATUSES, filters.status) ?? 'submitted';
  const age = oneOf(VERIFICATION_AGES, filters.age) ?? 'any';
  const query = useMemo<QueueQuery>(
    () => ({ page, pageSize: DEFAULT_PAGE_SIZE, status, age }),
    [page, status, age],
  );
  const submissionId = params.get(SUBMISSION);
  const hrefOf = useCallback(
    (id: string | null) => {
      const kept = new URLSearchParams(params);
      if (id) kept.set(SUBMISSION, id);
      else kept.delete(SUBMISSION);
      const search = kept.toString();
      return search ? `?${search}` : '?';
    },
    [params],
  );
  return { query, status, age, submissionId, setPage, setFilters, hrefOf };
}

export type QueueParams = ReturnType<typeof useQueueParams>;
