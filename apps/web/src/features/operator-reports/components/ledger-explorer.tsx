import { STATEMENT_KINDS, statementKindLabels, type LedgerTransferView } from '@app/contracts';
import ManageSearchRounded from '@mui/icons-material/ManageSearchRounded';
import Stack from '@mui/material/Stack';
import { useMemo, useState } from 'react';
import { DateRangeFilter } from '../../../components/date-range-filter.tsx';
import { RecordList } from '../../../components/record-list.tsx';
import { FilterBar, SelectFilter } from '../../../components/select-filter.tsx';
import { useTransfers } from '../api/get-transfers.ts';
import { memberCodeOf, useLedgerQuery } from '../hooks/use-ledger-query.ts';
import { AccountPostings } from './account-postings.tsx';
import { transferColumns } from './ledger-columns.tsx';
import { TextFilter } from './text-filter.tsx';
import { TransferDialog } from './transfer-dialog.tsx';
import { ExportCsvButton } from './export-csv-button.tsx';

export const LEDGER_CSV_FILE = 'ledger-transfers.csv';

/** The ledger's transfers: filters in the address, a page of rows, postings on demand, CSV. */
export function LedgerExplorer() {
  const { query, accountQuery, filter, raw, setPage, setFilters } = useLedgerQuery();
  // One account's postings replace the transfers while an account is chosen.
  const transfers = useTransfers(query, accountQuery === null);
  const [openId, setOpenId] = useState<string | null>(null);
  const columns = useMemo(
    () => transferColumns((transfer: LedgerTransferView) => setOpenId(transfer.id)),
    [],
  );
  const isFiltered = Object.values(raw).some(Boolean);
  const badCode = raw.memberCode && !memberCodeOf(raw.memberCode);

  if (accountQuery)
    return (
      <AccountPostings
        query={accountQuery}
        range={{ from: raw.from, to: raw.to }}
        onRange={setFilters}
        onPage={setPage}
        onClose={() => setFilters({ account: undefined })}
      />
    );

  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { xs: 'stretch', md: 'flex-start' } }}
      >
        <FilterBar>
          <TextFilter
            label="Member"
            placeholder="Registered ID"
            value={raw.memberCode}
            onChange={(memberCode) => setFilters({ memberCode })}
            maxLength={16}
            error={badCode ? 'Enter a Registered ID' : undefined}
          />
          <SelectFilter
            label="Kind"
            allLabel="All kinds"
            options={STATEMENT_KINDS}
            optionLabel={(value) => statementKindLabels[value]}
            value={filter.kind}
            onChange={(kind) => setFilters({ kind })}
          />
          <TextFilter
            label="Reference"
            placeholder="Starts with"
            value={raw.reference}
            onChange={(reference) => setFilters({ reference })}
            maxLength={200}
          />
          <DateRangeFilter from={raw.from} to={raw.to} onChange={setFilters} />
        </FilterBar>
        <ExportCsvButton
          path="ledger/transfers.csv"
          fileName={LEDGER_CSV_FILE}
          query={filter}
          disabled={transfers.data?.total === 0}
          sx={{ flexShrink: 0, alignSelf: 'flex-start' }}
        />
      </Stack>
      <RecordList
        query={transfers}
        paging={{ page: query.page, onChange: setPage }}
        label="Transfers"
        errorMessage="The transfers could not be loaded."
        empty={{
          icon: <ManageSearchRounded />,
          title: 'No transfers yet',
          description:
            'Deposits, purchases, profit and withdrawals appear here as they are posted.',
        }}
        isFiltered={isFiltered}
        emptyFiltered={{
          title: 'No transfers match these filters',
          description: 'Try another member or kind, or a wider date range.',
        }}
        columns={columns}
      />
      <TransferDialog
        transferId={openId}
        onClose={() => setOpenId(null)}
        onOpenAccount={(account) => {
          setOpenId(null);
          setFilters({ account });
        }}
      />
    </Stack>
  );
}
