import TextField from '@mui/material/TextField';
import { useEffect, useRef, useState } from 'react';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';

/** Typing pauses this long before the list is asked again. */
export const FILTER_DELAY_MS = 400;

type Props = {
  label: string;
  /** The filter in the address. */
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  placeholder?: string;
  maxLength: number;
  /** Says why the text is not used (a malformed Registered ID), under the field. */
  error?: string;
};

/** A list's text filter: it follows the address and writes back once typing pauses. */
export function TextFilter({ label, value, onChange, placeholder, maxLength, error }: Props) {
  const [text, setText] = useState(value ?? '');
  const typed = useDebouncedValue(text.trim(), FILTER_DELAY_MS);
  // Only what the operator typed is written: a value changed by Back is not written again.
  const sent = useRef(typed);
  useEffect(() => {
    if (typed === sent.current) return;
    sent.current = typed;
    onChange(typed || undefined);
  }, [typed, onChange]);
  // Back, a link or Clear changes the address: the field shows what the list is filtered by.
  useEffect(() => {
    if ((value ?? '') !== sent.current) {
      sent.current = value ?? '';
      setText(value ?? '');
    }
  }, [value]);

  return (
    <TextField
      label={label}
      size="small"
      placeholder={placeholder}
      value={text}
      onChange={(event) => setText(event.target.value)}
      error={Boolean(error)}
      helperText={error}
      slotProps={{ htmlInput: { maxLength } }}
      sx={{ flex: '1 1 150px', maxWidth: { sm: 220 } }}
    />
  );
}
