import SearchRounded from '@mui/icons-material/SearchRounded';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useEffect, useRef, useState } from 'react';
import { useDebouncedValue } from '../lib/use-debounced-value.ts';

/** Typing pauses this long before the list is asked again. */
export const SEARCH_DELAY_MS = 400;

type Props = {
  label: string;
  placeholder: string;
  /** The contract's limit on the search text. */
  maxLength: number;
  /** The search in the address. */
  value: string | undefined;
  onSearch: (q: string | undefined) => void;
};

/** A list's search box; the list follows once typing pauses. */
export function SearchField({ label, placeholder, maxLength, value, onSearch }: Props) {
  const [text, setText] = useState(value ?? '');
  const typed = useDebouncedValue(text.trim(), SEARCH_DELAY_MS);
  // Only what was typed is sent: a search changed by Back is not sent over again.
  const sent = useRef(typed);
  useEffect(() => {
    if (typed === sent.current) return;
    sent.current = typed;
    onSearch(typed || undefined);
  }, [typed, onSearch]);

  return (
    <TextField
      type="search"
      label={label}
      placeholder={placeholder}
      size="small"
      value={text}
      onChange={(event) => setText(event.target.value)}
      slotProps={{
        htmlInput: { maxLength },
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
