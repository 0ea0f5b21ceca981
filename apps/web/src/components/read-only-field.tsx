import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useId } from 'react';

type Props = { label: string; value: string };

/**
 * A labelled value to read and select (a link to copy), shown as an outlined field. Built from
 * the parts the sign-in form already loads rather than TextField, which always brings its
 * select menu, popover and modal into the screen's first load.
 */
export function ReadOnlyField({ label, value }: Props) {
  const id = useId();
  return (
    <FormControl size="small" fullWidth>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        label={label}
        value={value}
        readOnly
        inputProps={{ onFocus: (event) => event.currentTarget.select() }}
      />
    </FormControl>
  );
}
