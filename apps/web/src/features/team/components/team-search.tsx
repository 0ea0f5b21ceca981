import SearchRounded from '@mui/icons-material/SearchRounded';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { teamLabels } from '@app/contracts';
import { useEffect, useRef, useState } from 'react';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';

/** Typing pauses this long before the list is asked again. */
export const SEARCH_DELAY_MS = 400;
// The contracts' limit on `q`.
const MAX_SEARCH = 60;

type Props = {
  /** The search in the address. */
  value: string | undefined;
  onSearch: (q: string | undefined) => void;
};

/** A name's start or a whole Registered ID; the list follows once typing pauses. */
export function TeamSearch({ value, onSearch }: Props) {
  const [text, setText] = useState(value ?? '');
  const typed = useDebouncedValue(text.trim(), SEARCH_DELAY_MS);
  // Only what the member typed is sent: a search changed by Back is not sent over again.
  const sent = useRef(typed);
  useEffect(() => {
    if (typed === sent.current) return;
    sent.current = typed;
    onSearch(typed || undefined);
  }, [typed, onSearch]);

  return (
    <TextField
      type="search"
      label={teamLabels.q}
      placeholder="Name or Registered ID"
      size="small"
      value={text}
      onChange={(event) => setText(event.target.value)}
      slotProps={{
        htmlInput: { maxLength: MAX_SEARCH },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchRounded fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
      sx={{ width: { xs: '100%', sm: 320 } }}
    />
  );
}
