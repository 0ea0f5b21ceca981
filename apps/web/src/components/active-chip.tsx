import Chip from '@mui/material/Chip';

type Props = {
  isActive: boolean;
  /** The word for not active where it stands: "Expired" (a package), "Inactive" (a member). */
  inactiveLabel: string;
};

/** Active (filled green) or its opposite (outlined, plain): a package's or a member's state. */
export function ActiveChip({ isActive, inactiveLabel }: Props) {
  return (
    <Chip
      size="small"
      label={isActive ? 'Active' : inactiveLabel}
      color={isActive ? 'success' : 'default'}
      variant={isActive ? 'filled' : 'outlined'}
    />
  );
}
