import { ADDRESS_CHANGE_WARNING_DAYS, type WithdrawalPayoutChecks } from '@app/contracts';
import OpenInNewRounded from '@mui/icons-material/OpenInNewRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { formatDateTime } from '../../../lib/format.ts';

// What to check before sending a withdrawal's money: the network, the explorer, a recent
// payout address change (decision 0052).

/** A link to a block explorer's page, in a new tab. */
export function ExplorerLink({ href, children }: { href: string; children: string }) {
  return (
    <Link
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontWeight: 600 }}
    >
      {children}
      <OpenInNewRounded sx={{ fontSize: '1em' }} aria-hidden />
    </Link>
  );
}

/** An address whole, in monospace, broken anywhere so a phone's dialog shows every character. */
export function WholeAddress({ address }: { address: string }) {
  return (
    <Box
      component="span"
      sx={{
        display: 'block',
        fontFamily: 'monospace',
        fontSize: '0.9375rem',
        wordBreak: 'break-all',
        color: 'text.primary',
        my: 0.5,
      }}
    >
      {address}
    </Box>
  );
}

/**
 * The warnings before paying: the member's payout address changed lately (the hold after it,
 * decision 0046, may have ended already), or this address is no longer theirs.
 */
export function PayoutWarnings({ checks }: { checks: WithdrawalPayoutChecks | undefined }) {
  if (!checks) return null;
  return (
    <>
      {checks.addressChangedAt && (
        <Alert severity="warning">
          The member changed their payout address on {formatDateTime(checks.addressChangedAt)},
          within the last {ADDRESS_CHANGE_WARNING_DAYS} days. Make sure the change was theirs before
          sending money to it.
        </Alert>
      )}
      {!checks.isCurrentAddress && (
        <Alert severity="warning">
          This is no longer the member&apos;s payout address: they saved another since asking.
        </Alert>
      )}
    </>
  );
}
