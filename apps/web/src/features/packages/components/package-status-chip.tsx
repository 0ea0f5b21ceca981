import { ActiveChip } from '../../../components/active-chip.tsx';

/** Client contract: a package is Active, or Expired once its last day has ended. */
export function PackageStatusChip({ isExpired }: { isExpired: boolean }) {
  return <ActiveChip isActive={!isExpired} inactiveLabel="Expired" />;
}
