import Box from '@mui/material/Box';
import { useWatch, type Control } from 'react-hook-form';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { useUplineHint, type UplineHint } from '../hooks/use-upline-hint.ts';
import type { SignUpValues } from './sign-up-values.ts';

type Props = {
  control: Control<SignUpValues['input'], unknown, SignUpValues['output']>;
  isLocked: boolean;
  uplineParam: string | null;
  canLookUp: boolean;
};

function describeHint(hint: UplineHint) {
  switch (hint.state) {
    case 'found':
      return (
        <Box component="span" sx={{ color: 'success.main', fontWeight: 600 }}>
          Upline: {hint.name}
        </Box>
      );
    case 'invalid':
      return (
        <Box component="span" sx={{ color: 'error.main' }}>
          Invalid invitation id
        </Box>
      );
    case 'checking':
      return 'Checking invitation id…';
    case 'unavailable':
      return 'Could not check the invitation id right now';
    case 'none':
      return undefined;
  }
}

/** 'Invitation Id': upper-cased as typed, read-only when the invitation link carries it. */
export function InvitationField({ control, isLocked, uplineParam, canLookUp }: Props) {
  const code = useWatch({ control, name: 'referralCode' }) ?? '';
  const hint = useUplineHint({ code, uplineParam, canLookUp });
  return (
    <FormTextField
      control={control}
      name="referralCode"
      label="Invitation Id"
      transform={(value) => value.toUpperCase()}
      helperText={describeHint(hint)}
      slotProps={{
        input: { readOnly: isLocked },
        htmlInput: { autoCapitalize: 'characters', spellCheck: false },
        formHelperText: { 'aria-live': 'polite' } as object,
      }}
    />
  );
}
