// A deliberately naive in-memory ledger: Maps of balances and held amounts, with the rules of
// The ledger's rules written out plainly. The property test drives it and the real ledger with the
// same operations and demands the same answers and the same balances after every step.
// Test-only: nothing in the application imports this file.

export type Outcome = string; // 'posted' | 'duplicate' | ... or a LedgerError code

type Account = { balance: bigint; held: bigint; isMember: boolean };
type Hold = {
  accountId: bigint;
  amount: bigint;
  status: 'pending' | 'posted' | 'voided';
  transferRef?: string;
};

export type ModelLine = { accountId: bigint; amount: bigint };

export class LedgerModel {
  readonly accounts = new Map<bigint, Account>();
  readonly holds: Hold[] = [];
  /** What each reference posted (kind, member, lines): a replay must ask for the same. */
  private readonly transferRefs = new Map<string, string>();
  private readonly holdRefs = new Set<string>();

  addAccount(id: bigint, isMember: boolean, balance = 0n): void {
    this.accounts.set(id, { balance, held: 0n, isMember });
  }

  private account(id: bigint): Account {
    const account = this.accounts.get(id);
    if (!account) throw new Error(`model has no account ${id}`);
    return account;
  }

  transfer(
    reference: string,
    lines: readonly ModelLine[],
    kind: string,
    memberId: string | null = null,
  ): Outcome {
    const ids = new Set(lines.map((line) => line.accountId));
    const sum = lines.reduce((total, line) => total + line.amount, 0n);
    const valid =
      lines.length >= 2 &&
      ids.size === lines.length &&
      sum === 0n &&
      lines.every((l) => l.amount !== 0n);
    if (!valid) return 'INVALID_TRANSFER';
    const posted = this.transferRefs.get(reference);
    if (posted !== undefined) {
      return posted === signature(lines, kind, memberId) ? 'duplicate' : 'REFERENCE_CONFLICT';
    }
    for (const line of lines) {
      const account = this.account(line.accountId);
      if (account.isMember && account.balance - account.held + line.amount < 0n)
        return 'INSUFFICIENT_FUNDS';
    }
    for (const line of lines) this.account(line.accountId).balance += line.amount;
    this.transferRefs.set(reference, signature(lines, kind, memberId));
    return 'posted';
  }

  placeHold(accountId: bigint, amount: bigint, reference: string): Outcome {
    if (this.holdRefs.has(reference)) return 'duplicate';
    const account = this.account(accountId);
    if (account.balance - account.held < amount) return 'INSUFFICIENT_FUNDS';
    account.held += amount;
    this.holdRefs.add(reference);
    this.holds.push({ accountId, amount, status: 'pending' });
    return 'placed';
  }

  /** Pays the hold to `payee` (a house account). */
  postHold(index: number, reference: string, payee: bigint): Outcome {
    const hold = this.holds[index];
    if (!hold) throw new Error(`model has no hold ${index}`);
    if (hold.status === 'posted')
      return hold.transferRef === reference ? 'already-posted' : 'HOLD_ALREADY_RESOLVED';
    if (hold.status === 'voided') return 'HOLD_ALREADY_RESOLVED';
    if (this.transferRefs.has(reference)) return 'REFERENCE_IN_USE';
    const account = this.account(hold.accountId);
    account.held -= hold.amount;
    account.balance -= hold.amount;
    this.account(payee).balance += hold.amount;
    const lines = [
      { accountId: hold.accountId, amount: -hold.amount },
      { accountId: payee, amount: hold.amount },
    ];
    this.transferRefs.set(reference, signature(lines, 'withdrawal', null));
    hold.status = 'posted';
    hold.transferRef = reference;
    return 'posted';
  }

  voidHold(index: number): Outcome {
    const hold = this.holds[index];
    if (!hold) throw new Error(`model has no hold ${index}`);
    if (hold.status === 'voided') return 'already-voided';
    if (hold.status === 'posted') return 'HOLD_ALREADY_RESOLVED';
    this.account(hold.accountId).held -= hold.amount;
    hold.status = 'voided';
    return 'voided';
  }
}

/** A transfer's identity for replays: kind, member and its lines in any order. */
function signature(lines: readonly ModelLine[], kind: string, memberId: string | null): string {
  const sorted = lines.map((line) => `${line.accountId}:${line.amount}`).sort();
  return JSON.stringify([kind, memberId, sorted]);
}
