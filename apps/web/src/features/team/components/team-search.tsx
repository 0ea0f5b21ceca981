import { teamLabels } from '@app/contracts';
import { SearchField } from '../../../components/search-field.tsx';

// The contracts' limit on `q`.
const MAX_SEARCH = 60;

type Props = {
  /** The search in the address. */
  value: string | undefined;
  onSearch: (q: string | undefined) => void;
};

/** A name's start or a whole Registered ID; the list follows once typing pauses. */
export function TeamSearch({ value, onSearch }: Props) {
  return (
    <SearchField
      label={teamLabels.q}
      placeholder="Name or Registered ID"
      maxLength={MAX_SEARCH}
      value={value}
      onSearch={onSearch}
    />
  );
}
