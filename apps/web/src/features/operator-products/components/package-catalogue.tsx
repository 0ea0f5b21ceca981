import type { OperatorPackageView } from '@app/contracts';
import AddRounded from '@mui/icons-material/AddRounded';
import Inventory2Rounded from '@mui/icons-material/Inventory2Rounded';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { ActiveChip } from '../../../components/active-chip.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { RecordList, type RecordColumn } from '../../../components/record-list.tsx';
import { formatPercentage } from '../../../lib/format.ts';
import { notifySuccess } from '../../../lib/toast.ts';
import { useListParams } from '../../../lib/use-list-params.ts';
import { useOperatorPackages, useRetirePackage } from '../api/packages.ts';
import { formatPlanDollars } from '../utils/plan-labels.ts';
import { PackageFormDialog } from './package-form-dialog.tsx';

const NO_FILTERS = [] as const;

type Editing = { kind: 'closed' } | { kind: 'form'; pkg: OperatorPackageView | null };

/**
 * The whole catalogue, retired packages included. Admins add, edit and retire; finance reads
 * (`canChange` false: no buttons at all).
 */
export function PackageCatalogue({ canChange }: { canChange: boolean }) {
  const { page, setPage } = useListParams(NO_FILTERS);
  const packages = useOperatorPackages(page);
  const retiring = useRetirePackage();
  const [editing, setEditing] = useState<Editing>({ kind: 'closed' });
  const [retiringPkg, setRetiringPkg] = useState<OperatorPackageView | null>(null);

  const columns: RecordColumn<OperatorPackageView>[] = [
    { header: 'Name', cell: (pkg) => pkg.name, card: 'title' },
    {
      header: 'Price range',
      cell: (pkg) => `${formatPlanDollars(pkg.minAmount)} – ${formatPlanDollars(pkg.maxAmount)}`,
      card: 'amount',
      isNowrap: true,
    },
    {
      header: 'Daily profit',
      cell: (pkg) => formatPercentage(pkg.dailyPercentage),
      align: 'right',
      card: 'detail',
    },
    { header: 'Duration', cell: (pkg) => `${pkg.totalDays} days`, card: 'detail', isNowrap: true },
    {
      header: 'Status',
      cell: (pkg) => <ActiveChip isActive={pkg.active} inactiveLabel="Retired" />,
      card: 'detail',
    },
    { header: 'Version', cell: (pkg) => pkg.version, align: 'right', card: 'detail' },
    { header: 'Order', cell: (pkg) => pkg.sortOrder, align: 'right', isWideOnly: true },
  ];
  if (canChange)
    columns.push({
      header: 'Actions',
      cell: (pkg) => (
        <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
          <Button
            size="small"
            onClick={() => setEditing({ kind: 'form', pkg })}
            aria-label={`Edit ${pkg.name}`}
          >
            Edit
          </Button>
          {pkg.active && (
            <Button
              size="small"
              color="error"
              onClick={() => setRetiringPkg(pkg)}
              aria-label={`Retire ${pkg.name}`}
            >
              Retire
            </Button>
          )}
        </Stack>
      ),
      align: 'right',
      card: 'detail',
    });

  const retire = (pkg: OperatorPackageView) =>
    retiring.mutate(pkg.id, {
      onSuccess: ({ message }) => notifySuccess(message),
      onSettled: () => setRetiringPkg(null),
    });

  const addButton = canChange && (
    <Button
      variant="contained"
      startIcon={<AddRounded />}
      onClick={() => setEditing({ kind: 'form', pkg: null })}
    >
      Add package
    </Button>
  );

  return (
    <Stack spacing={2}>
      {addButton && (
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          {addButton}
        </Stack>
      )}
      <RecordList
        query={packages}
        columns={columns}
        paging={{ page, onChange: setPage }}
        label="Packages"
        errorMessage="The catalogue could not be loaded."
        empty={{
          icon: <Inventory2Rounded />,
          title: 'No packages yet',
          description: canChange
            ? 'Add the first package members can buy.'
            : 'An admin adds the packages members can buy.',
          action: addButton || undefined,
        }}
      />
      {canChange && (
        <>
          <PackageFormDialog
            isOpen={editing.kind === 'form'}
            editing={editing.kind === 'form' ? editing.pkg : null}
            onClose={() => setEditing({ kind: 'closed' })}
          />
          <ConfirmDialog
            isOpen={retiringPkg !== null}
            title={`Retire ${retiringPkg?.name ?? 'package'}?`}
            description="It is taken off sale at once. Members who hold it keep accruing and claiming on the terms they bought; a retired package cannot be put back on sale."
            confirmLabel="Retire package"
            tone="error"
            isPending={retiring.isPending}
            onConfirm={() => retiringPkg && retire(retiringPkg)}
            onClose={() => setRetiringPkg(null)}
          />
        </>
      )}
    </Stack>
  );
}
