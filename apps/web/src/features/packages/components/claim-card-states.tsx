import type { ClaimProfitData, ClaimStatusData } from '@app/contracts';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Money } from '../../../components/money.tsx';
import { TextLink } from '../../../components/text-link.tsx';
import { paths } from '../../../config/paths.ts';
import { formatDateTimeWithZone } from '../../../lib/format.ts';

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

function NextClaim({ nextClaimAt }: { nextClaimAt: string | null }) {
  if (nextClaimAt === null) {
    return (
      <Typography variant="body2" color="text.secondary">
        No package is earning now. <TextLink to={paths.packages}>Buy a package</TextLink> to earn
        daily profit.
      </Typography>
    );
  }
  return (
    <Typography variant="body2" color="text.secondary">
      Next claim from <time dateTime={nextClaimAt}>{formatDateTimeWithZone(nextClaimAt)}</time>
    </Typography>
  );
}

/** What is waiting to be claimed (possibly nothing yet) and, when nothing, when more comes. */
export function ClaimableProfit({ status }: { status: ClaimStatusData }) {
  const hasProfit = status.claimableAmount > 0;
  return (
    <Stack spacing={0.5} sx={{ minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary">
        {hasProfit ? 'Ready to claim' : 'Nothing to claim yet'}
      </Typography>
      <Money
        value={status.claimableAmount}
        decimals="amount"
        variant="h4"
        sx={{ fontWeight: 700 }}
        aria-label="Claimable amount"
      />
      {hasProfit ? (
        <Typography variant="body2" color="text.secondary">
          {plural(status.claimableDays, 'day')} of profit, paid into your profit wallet
        </Typography>
      ) : (
        <NextClaim nextClaimAt={status.nextClaimAt} />
      )}
    </Stack>
  );
}

type DoneProps = {
  /** What today's claims paid: the claim just made here, or the server's figure after a reload. */
  claimedAmount: number;
  /** The claim made from this screen, for the days it forfeited; undefined after a reload. */
  claimed: ClaimProfitData | undefined;
  nextClaimAt: string | null;
};

/** The card after today's claim. */
export function ClaimDone({ claimedAmount, claimed, nextClaimAt }: DoneProps) {
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
      <CheckCircleRounded color="success" aria-hidden sx={{ mt: 0.25 }} />
      <Stack spacing={0.5}>
        <Typography sx={{ fontWeight: 700 }}>
          {claimedAmount > 0 ? (
            <>
              Claimed <Money value={claimedAmount} decimals="amount" /> today
            </>
          ) : (
            "Today's profit is claimed"
          )}
        </Typography>
        {claimed && claimed.forfeitedDays > 0 && (
          <Typography variant="body2" color="text.secondary">
            {plural(claimed.forfeitedDays, 'earlier day')} not claimed in time{' '}
            {claimed.forfeitedDays === 1 ? 'was' : 'were'} forfeited.
          </Typography>
        )}
        <NextClaim nextClaimAt={nextClaimAt} />
      </Stack>
    </Stack>
  );
}
