import Chip from '@mui/material/Chip';

/** Client contract: a package is Active, or Expired once its last day has ended. */
export function PackageStatusChip({ isExpired }: { isExpired: boolean }) {
  return (
    <Chip
      size="small"
      label={isExpired ? 'Expired' : 'Active'}
      color={isExpired ? 'default' : 'success'}
      variant={isExpired ? 'outlined' : 'filled'}
    />
  );
}
