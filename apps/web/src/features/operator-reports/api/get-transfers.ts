import {
  ledgerPostingPage,
  ledgerTransferDetail,
  ledgerTransferPage,
  type LedgerPostingQuery,
  type LedgerTransferQuery,
} from '@app/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { operatorApi } from '../../../lib/operator-client.ts';
import { reportKeys } from './report-keys.ts';

/** GET operator/ledger/transfers: a page of transfers, newest first; rows stay while the next loads. */
const transfersOptions = (query: LedgerTransferQuery) =>
  queryOptions({
    queryKey: reportKeys.transfers(query),
    queryFn: ({ signal }) =>
      operatorApi
        .get('ledger/transfers', { schema: ledgerTransferPage, query, signal })
        .then(({ data }) => data),
  });

export const useTransfers = (query: LedgerTransferQuery, enabled = true) =>
  useQuery({ ...transfersOptions(query), placeholderData: keepPreviousData, enabled });

/** GET operator/ledger/transfers/:id: one transfer and its postings, once one is chosen. */
export const useTransfer = (id: string | null) =>
  useQuery({
    queryKey: reportKeys.transfer(id ?? ''),
    queryFn: ({ signal }) =>
      operatorApi
        .get(`ledger/transfers/${encodeURIComponent(id ?? '')}`, {
          schema: ledgerTransferDetail,
          signal,
        })
        .then(({ data }) => data),
    enabled: id !== null,
  });

const accountPostingsOptions = (query: LedgerPostingQuery) =>
  queryOptions({
    queryKey: reportKeys.accountPostings(query),
    queryFn: ({ signal }) =>
      operatorApi
        .get('ledger/postings', { schema: ledgerPostingPage, query, signal })
        .then(({ data }) => data),
  });

/** GET operator/ledger/postings: a page of one account's postings, newest first. */
export const useAccountPostings = (query: LedgerPostingQuery) =>
  useQuery({ ...accountPostingsOptions(query), placeholderData: keepPreviousData });
