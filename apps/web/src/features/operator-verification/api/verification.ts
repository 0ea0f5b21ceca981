import {
  verificationQueuePage,
  verificationSubmissionDetail,
  type VerificationDecisionBody,
  type verificationQueueQuery,
} from '@app/contracts';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { z } from 'zod';
import { operatorApi } from '../../../lib/operator-client.ts';
import { operatorKeys } from '../../../lib/operator-query-keys.ts';

export type QueueQuery = z.output<typeof verificationQueueQuery>;

export const verificationKeys = {
  all: () => operatorKeys.area('verification'),
  queue: (query: QueueQuery) => operatorKeys.area('verification', 'queue', query),
  submission: (id: string) => operatorKeys.area('verification', 'submission', id),
  document: (id: string, documentId: string) =>
    operatorKeys.area('verification', 'document', id, documentId),
};

/** GET operator/verification: the queue by status and age; rows stay while another page loads. */
const queueQueryOptions = (query: QueueQuery) =>
  queryOptions({
    queryKey: verificationKeys.queue(query),
    queryFn: ({ signal }) =>
      operatorApi
        .get('verification', { schema: verificationQueuePage, query, signal })
        .then(({ data }) => data),
  });

export const useVerificationQueue = (query: QueueQuery) =>
  useQuery({ ...queueQueryOptions(query), placeholderData: keepPreviousData });

/** GET operator/verification/:id: details and documents for reviewers, the status for finance. */
export const useSubmission = (id: string) =>
  useQuery({
    queryKey: verificationKeys.submission(id),
    queryFn: ({ signal }) =>
      operatorApi
        .get(`verification/${id}`, { schema: verificationSubmissionDetail, signal })
        .then(({ data }) => data),
  });

/**
 * One document's bytes, fetched with the operator's session (never a URL another tab or person
 * could open) and shown from memory; every fetch is a view the server audits, so it is kept for
 * the screen's life and not fetched again on focus.
 */
export const useDocumentBlob = (id: string, documentId: string) =>
  useQuery({
    queryKey: verificationKeys.document(id, documentId),
    queryFn: () =>
      operatorApi.download(`verification/${id}/documents/${documentId}`, { accept: '*/*' }),
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });

/** POST operator/verification/:id/decide: the queue and the submission are read again. */
export function useDecideSubmission(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VerificationDecisionBody) =>
      operatorApi.post(`verification/${id}/decide`, body, {
        schema: verificationSubmissionDetail,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: verificationKeys.all() }),
  });
}
