import {
  statementKindLabels,
  walletLabels,
  type MemberLedgerLine,
  type MemberStatus,
  type OperatorMemberCard,
  type StatementKind,
} from '@app/contracts';
import Box from '@mui/material/Box';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DetailList } from '../../../components/detail-list.tsx';
import { Money } from '../../../components/money.tsx';
import { TextLink } from '../../../components/text-link.tsx';
import { buildOperatorPath } from '../../../config/operator-paths.ts';
import { formatDateTime } from '../../../lib/format.ts';

const kindLabel = (kind: string) => statementKindLabels[kind as StatementKind] ?? kind;

const statusLook: Record<MemberStatus, Pick<ChipProps, 'label' | 'color'>> = {
  active: { label: 'Active', color: 'success' },
  blocked: { label: 'Blocked', color: 'error' },
  closed: { label: 'Closed', color: 'default' },
};

/**
 * One ledger line on two short rows (what and when; amount and the balance after), so the
 * list fits the narrow detail pane as well as a phone.
 */
function LedgerLine({ line }: { line: MemberLedgerLine }) {
  return (
    <Stack
      component="li"
      direction="row"
      sx={{ justifyContent: 'space-between', gap: 2, py: 1, borderTop: 1, borderColor: 'divider' }}
    >
      <div>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {kindLabel(line.kind)}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {walletLabels[line.wallet]} · {formatDateTime(line.createdAt)}
        </Typography>
      </div>
      <div style={{ textAlign: 'right' }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          <Money value={line.amount} decimals="amount" isSigned />
        </Typography>
        <Typography variant="caption" color="text.secondary">
          Balance <Money value={line.balanceAfter} decimals="amount" />
        </Typography>
      </div>
    </Stack>
  );
}

/** Whose money it is and what last moved through their wallets, to judge the request by. */
export function MemberContext({
  member,
  recentLedger,
}: {
  member: OperatorMemberCard;
  recentLedger: MemberLedgerLine[];
}) {
  return (
    <Stack spacing={2}>
      <Stack spacing={1}>
        <Typography variant="subtitle2" component="h3">
          Member
        </Typography>
        <DetailList
          dense
          items={[
            {
              label: 'Name',
              value: (
                <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
                  <TextLink to={buildOperatorPath.member(member.id)}>{member.name}</TextLink>
                </Box>
              ),
            },
            { label: 'Registered ID', value: member.registeredId },
            {
              label: 'Email',
              // An address has no spaces: let it break anywhere rather than widen the pane.
              value: (
                <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
                  {member.email}
                </Box>
              ),
            },
            {
              label: 'Status',
              value: <Chip size="small" {...statusLook[member.status]} />,
            },
          ]}
        />
      </Stack>
      <Stack spacing={1}>
        <Typography variant="subtitle2" component="h3">
          Latest ledger lines
        </Typography>
        {recentLedger.length ? (
          <Stack
            component="ul"
            aria-label={`${member.name}'s latest ledger lines`}
            sx={{ listStyle: 'none', m: 0, p: 0 }}
          >
            {recentLedger.map((line) => (
              <LedgerLine key={line.id} line={line} />
            ))}
          </Stack>
        ) : (
          <Typography variant="body2" color="text.secondary">
            Nothing has moved through this member's wallets yet.
          </Typography>
        )}
      </Stack>
    </Stack>
  );
}
