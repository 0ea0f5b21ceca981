import ReceiptLongRounded from '@mui/icons-material/ReceiptLongRounded';
import Stack from '@mui/material/Stack';
import { RecordList } from '../../../components/record-list.tsx';
import { statementColumns } from '../../../features/statements/components/statement-columns.tsx';
import { StatementFilters } from '../../../features/statements/components/statement-filters.tsx';
import { useStatementQuery } from '../../../features/statements/hooks/use-statement-query.ts';
import { useMemberLedger } from '../../../features/operator-members/api/get-member-lists.ts';

/** The member's ledger statement with the member's own filters (wallet, kind, dates). */
export function MemberLedger({ memberId }: { memberId: string }) {
  const { query, filter, rawTo, setPage, setFilters } = useStatementQuery();
  const ledger = useMemberLedger(memberId, query);
  const isFiltered = Boolean(filter.wallet || filter.kind || filter.from || rawTo);
  return (
    <Stack spacing={2}>
      <StatementFilters
        wallet={filter.wallet}
        kind={filter.kind}
        from={filter.from}
        to={rawTo}
        onChange={setFilters}
      />
      <RecordList
        query={ledger}
        paging={{ page: query.page, onChange: setPage }}
        label="Ledger"
        errorMessage="The member's ledger could not be loaded."
        empty={{
          icon: <ReceiptLongRounded />,
          title: 'No ledger lines yet',
          description: 'Deposits, purchases, income and withdrawals appear here as they post.',
        }}
        isFiltered={isFiltered}
        emptyFiltered={{
          title: 'No lines match these filters',
          description: 'Try another wallet or kind, or a wider date range.',
        }}
        columns={statementColumns}
      />
    </Stack>
  );
}
