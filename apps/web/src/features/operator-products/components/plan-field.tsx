import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import type { PlanDraft } from '../hooks/use-plan-draft.ts';

type Props = {
  draft: PlanDraft;
  /** The field's path in the plan document, as the server's reasons name it. */
  path: string;
  label: string;
  /** `%`, `$` or a word beside the figure. */
  unit?: '%' | '$' | 'times';
  helperText?: string;
  inputMode?: 'decimal' | 'numeric' | 'text';
};

/** One field of the plan editor; the server's reason for it shows under it in red. */
export function PlanField({ draft, path, label, unit, helperText, inputMode = 'decimal' }: Props) {
  const error = draft.errors[path];
  const value = draft.valueOf(path);
  const adornment =
    unit === '$' ? (
      <InputAdornment position="start">$</InputAdornment>
    ) : unit ? (
      <InputAdornment position="end">{unit}</InputAdornment>
    ) : undefined;
  return (
    <TextField
      label={label}
      size="small"
      fullWidth
      value={typeof value === 'string' ? value : ''}
      onChange={(event) => draft.setField(path, event.target.value)}
      error={Boolean(error)}
      helperText={error ?? helperText}
      autoComplete="off"
      slotProps={{
        htmlInput: { inputMode, 'data-path': path },
        input: unit === '$' ? { startAdornment: adornment } : { endAdornment: adornment },
      }}
    />
  );
}
