import { ledgerTransferDetail, ledgerTransferPage, type LedgerTransferQuery } from '@app/contracts';
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

export const useTransfers = (query: LedgerTransferQuery) =>
  useQuery({ ...transfersOptions(query), placeholderData: keepPreviousData });

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
