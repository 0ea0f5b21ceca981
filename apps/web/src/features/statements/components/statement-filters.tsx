import {
  STATEMENT_KINDS,
  STATEMENT_WALLETS,
  statementKindLabels,
  walletLabels,
  type StatementKind,
  type StatementWallet,
} from '@app/contracts';
import { DateRangeFilter } from '../../../components/date-range-filter.tsx';
import { FilterBar, SelectFilter } from '../../../components/select-filter.tsx';

type Filters = { wallet?: StatementWallet; kind?: StatementKind; from?: string; to?: string };
type Props = Filters & { onChange: (changes: Partial<Filters>) => void };

/** Wallet and kind selects, then the date range; every change goes to the address. */
export function StatementFilters({ wallet, kind, from, to, onChange }: Props) {
  return (
    <FilterBar>
      <SelectFilter
        label="Wallet"
        allLabel="All wallets"
        options={STATEMENT_WALLETS}
        optionLabel={(value) => walletLabels[value]}
        value={wallet}
        onChange={(next) => onChange({ wallet: next })}
      />
      <SelectFilter
        label="Kind"
        allLabel="All kinds"
        options={STATEMENT_KINDS}
        optionLabel={(value) => statementKindLabels[value]}
        value={kind}
        onChange={(next) => onChange({ kind: next })}
      />
      <DateRangeFilter from={from} to={to} onChange={onChange} />
    </FilterBar>
  );
}
