import PolicyRounded from '@mui/icons-material/PolicyRounded';
import type { AuditEntryView } from '@app/contracts';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { DateRangeFilter } from '../../../components/date-range-filter.tsx';
import { RecordList } from '../../../components/record-list.tsx';
import { FilterBar, SelectFilter } from '../../../components/select-filter.tsx';
import { useAuditLog } from '../api/get-audit-log.ts';
import { useAuditQuery } from '../hooks/use-audit-query.ts';
import { auditColumns } from './audit-columns.tsx';
import { AuditEntryDialog } from './audit-entry-dialog.tsx';
import { TextFilter } from './text-filter.tsx';
import { ExportCsvButton } from './export-csv-button.tsx';

export const AUDIT_CSV_FILE = 'audit-log.csv';

type Props = {
  /** The operators to filter by (the operators screen's list), once loaded. */
  operators: { id: string; email: string }[];
};

/** The audit log: who did what to which record, when and from where; filters in the address. */
export function AuditLogList({ operators }: Props) {
  const { query, filter, raw, setPage, setFilters } = useAuditQuery();
  const audit = useAuditLog(query);
  const byId = new Map(operators.map((operator) => [operator.id, operator.email]));
  const isFiltered = Object.values(raw).some(Boolean);
  const [opened, setOpened] = useState<AuditEntryView | null>(null);

  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { xs: 'stretch', md: 'flex-start' } }}
      >
        <FilterBar>
          <SelectFilter
            label="Operator"
            allLabel="All operators"
            options={[...byId.keys()]}
            optionLabel={(id) => byId.get(id) ?? id}
            value={filter.operatorId && byId.has(filter.operatorId) ? filter.operatorId : undefined}
            onChange={(operatorId) => setFilters({ operatorId })}
          />
          <TextFilter
            label="Action"
            placeholder="Starts with, e.g. deposit."
            value={raw.action}
            onChange={(action) => setFilters({ action })}
            maxLength={100}
          />
          <TextFilter
            label="Target type"
            placeholder="deposit, operator…"
            value={raw.targetType}
            onChange={(targetType) => setFilters({ targetType })}
            maxLength={50}
          />
          <TextFilter
            label="Target id"
            value={raw.targetId}
            onChange={(targetId) => setFilters({ targetId })}
            maxLength={100}
          />
          <DateRangeFilter from={raw.from} to={raw.to} onChange={setFilters} />
        </FilterBar>
        <ExportCsvButton
          path="audit-log.csv"
          fileName={AUDIT_CSV_FILE}
          query={filter}
          disabled={audit.data?.total === 0}
          sx={{ flexShrink: 0, alignSelf: 'flex-start' }}
        />
      </Stack>
      <RecordList
        query={audit}
        paging={{ page: query.page, onChange: setPage }}
        label="Audit log"
        errorMessage="The audit log could not be loaded."
        empty={{
          icon: <PolicyRounded />,
          title: 'Nothing recorded yet',
          description: 'Every operator action is recorded here as it happens.',
        }}
        isFiltered={isFiltered}
        emptyFiltered={{
          title: 'No actions match these filters',
          description: 'Try another operator or action, or a wider date range.',
        }}
        columns={auditColumns(setOpened)}
      />
      <AuditEntryDialog entry={opened} onClose={() => setOpened(null)} />
    </Stack>
  );
}
