import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Controller, useController, type Control } from 'react-hook-form';
import { DIAL_CODE_OPTIONS, describeDialCode, type DialCodeOption } from '../utils/dial-codes.ts';
import type { SignUpValues } from './sign-up-values.ts';

const filterOptions = createFilterOptions<DialCodeOption>({ stringify: describeDialCode });

type Props = { control: Control<SignUpValues['input'], unknown, SignUpValues['output']> };

/**
 * 'Code': a searchable list of countries; the form keeps the dial code and the country's ISO
 * code, whose rules the mobile number is checked by.
 */
export function DialCodeField({ control }: Props) {
  // Several countries share a dial code (+1, +44...), so the chosen country is kept here.
  const [country, setCountry] = useState<DialCodeOption | null>(null);
  const { field: countryField } = useController({ control, name: 'country' });
  return (
    <Controller
      control={control}
      name="dialCode"
      render={({ field, fieldState: { error } }) => (
        <Autocomplete
          options={DIAL_CODE_OPTIONS}
          value={country}
          onChange={(_, option) => {
            setCountry(option);
            countryField.onChange(option?.code);
            field.onChange(option?.dial_code ?? '');
          }}
          onBlur={field.onBlur}
          filterOptions={filterOptions}
          getOptionLabel={(option) => `${option.code} ${option.dial_code}`}
          getOptionKey={(option) => option.code}
          isOptionEqualToValue={(option, value) => option.code === value.code}
          autoHighlight
          slotProps={{ popper: { placement: 'bottom-start', sx: { minWidth: 300 } } }}
          renderOption={({ key, ...props }, option) => (
            <Box component="li" key={key} {...props} sx={{ gap: 1.5 }}>
              <Typography component="span" sx={{ flex: 1 }}>
                {option.name}
              </Typography>
              <Typography
                component="span"
                color="text.secondary"
                sx={{ fontVariantNumeric: 'tabular-nums' }}
              >
                {option.dial_code}
              </Typography>
            </Box>
          )}
          renderInput={(params) => (
            <TextField
              {...params}
              inputRef={field.ref}
              label="Code"
              placeholder="Search"
              error={Boolean(error)}
              helperText={error?.message}
              // The column is narrow; keep 'Dial code is required' on one line.
              slotProps={{
                ...params.slotProps,
                formHelperText: { sx: { mx: 0.75, whiteSpace: 'nowrap' } },
              }}
            />
          )}
        />
      )}
    />
  );
}
