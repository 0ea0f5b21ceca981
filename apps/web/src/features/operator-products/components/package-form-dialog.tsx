import { catalogueLabels, type OperatorPackageView } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useForm } from 'react-hook-form';
import { DialogForm } from '../../../components/dialog-form.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { notifyError, notifySuccess } from '../../../lib/toast.ts';
import { showFieldReasons } from '../../../lib/validation-reason.ts';
import { useCreatePackage, useUpdatePackage } from '../api/packages.ts';
import {
  changedTerms,
  EMPTY_PACKAGE_FORM,
  PACKAGE_FIELDS,
  packageFormSchema,
  toPackageForm,
  type PackageFormInput,
  type PackageFormValues,
} from '../utils/package-form.ts';

type Props = {
  /** The package being edited; null adds a new one. */
  editing: OperatorPackageView | null;
  onClose: () => void;
};

const dollar = { startAdornment: <InputAdornment position="start">$</InputAdornment> };
const percent = { endAdornment: <InputAdornment position="end">%</InputAdornment> };

function PackageForm({ editing, onClose }: Props) {
  const creating = useCreatePackage();
  const updating = useUpdatePackage();
  const { control, handleSubmit, setError } = useForm<PackageFormInput, unknown, PackageFormValues>(
    {
      resolver: zodResolver(packageFormSchema),
      defaultValues: editing ? toPackageForm(editing) : EMPTY_PACKAGE_FORM,
    },
  );
  const handlers = {
    onSuccess: ({ message }: { message: string }) => {
      notifySuccess(message);
      onClose();
    },
    onError: (error: unknown) => showFieldReasons(error, setError, PACKAGE_FIELDS),
  };
  const submit = handleSubmit((values) => {
    if (!editing) return creating.mutate(values, handlers);
    const changes = changedTerms(editing, values);
    if (Object.keys(changes).length === 0) return notifyError('Nothing has changed');
    updating.mutate({ id: editing.id, changes }, handlers);
  });
  const field = (name: (typeof PACKAGE_FIELDS)[number]) => ({
    control,
    name,
    label: catalogueLabels[name],
    autoComplete: 'off',
  });
  return (
    <DialogForm
      label={editing ? `Edit ${editing.name}` : 'Add package'}
      onSubmit={(event) => void submit(event)}
      submitLabel={editing ? 'Save changes' : 'Add package'}
      isPending={creating.isPending || updating.isPending}
      onCancel={onClose}
    >
      <FormTextField {...field('name')} autoFocus />
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { sm: '1fr 1fr' } }}>
        <FormTextField
          {...field('minAmount')}
          slotProps={{ input: dollar, htmlInput: { inputMode: 'decimal' } }}
        />
        <FormTextField
          {...field('maxAmount')}
          slotProps={{ input: dollar, htmlInput: { inputMode: 'decimal' } }}
        />
        <FormTextField
          {...field('dailyPercentage')}
          helperText="Of the amount, each business day"
          slotProps={{ input: percent, htmlInput: { inputMode: 'decimal' } }}
        />
        <FormTextField
          {...field('totalDays')}
          helperText="How long it pays"
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
      </Box>
      <FormTextField
        {...field('sortOrder')}
        helperText="Lower comes first in the catalogue"
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
    </DialogForm>
  );
}

/** Add a package, or edit one's terms (they apply to purchases made after the change). */
export function PackageFormDialog({ isOpen, ...props }: Props & { isOpen: boolean }) {
  const { breakpoints } = useTheme();
  const isPhone = useMediaQuery(breakpoints.down('sm'));
  return (
    <Dialog
      open={isOpen}
      onClose={props.onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={isPhone}
      aria-labelledby="package-form-title"
    >
      <DialogTitle id="package-form-title">
        {props.editing ? `Edit ${props.editing.name}` : 'Add package'}
      </DialogTitle>
      {isOpen && <PackageForm key={props.editing?.id ?? 'new'} {...props} />}
    </Dialog>
  );
}
