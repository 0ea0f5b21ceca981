import type { AuditEntryView } from '@app/contracts';
import { shortenMiddle } from '../../../lib/format.ts';

// Who and what an audit entry is about, in names: the member's name and Registered ID, an
// operator's email; the ids stay in the entry's detail to copy.

const KINDS: Record<string, string> = {
  member: 'Member',
  deposit: 'Deposit',
  withdrawal: 'Withdrawal',
  adjustment: 'Adjustment',
  ticket: 'Ticket',
  operator: 'Operator',
  package: 'Package',
  plan: 'Plan',
  settings: 'Settings',
  job: 'Job',
};

/** The target type in words ("Withdrawal"); an unknown one as it is recorded. */
export const targetKindOf = (type: string) => KINDS[type] ?? type;

/** Who acted: the operator's email, or the configuration for what the server did at start. */
export const actorOf = (entry: AuditEntryView) =>
  entry.operatorEmail ?? (entry.operatorId ? 'A removed operator' : 'System (configuration)');

/** What the entry is about, named: "Withdrawal of Ann Lee (AB12CD34)". */
export function targetOf(entry: AuditEntryView): { kind: string; name: string } | null {
  if (!entry.targetType) return null;
  const kind = targetKindOf(entry.targetType);
  const member = entry.targetMember;
  if (member) {
    const who = `${member.name} (${member.registeredId})`;
    return { kind, name: entry.targetType === 'member' ? who : `${kind} of ${who}` };
  }
  if (entry.targetOperatorEmail) return { kind, name: entry.targetOperatorEmail };
  return { kind, name: entry.targetId ? `${kind} ${shortenMiddle(entry.targetId)}` : kind };
}
