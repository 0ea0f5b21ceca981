import { describe, expect, it } from 'vitest';
import { statementCsv } from './csv.ts';
import { describe as describeLine } from '../../core/member-statement.ts';

const row = {
  id: '7',
  createdAt: '2026-03-02T09:00:00.000Z',
  wallet: 'fund' as const,
  kind: 'adjustment',
  amountMicros: -1_234_567n,
  balanceAfterMicros: 100_000_000_001n,
  reference: 'adj:1',
  description: 'x',
};

describe('statement CSV', () => {
  it('writes exact decimals, quotes commas and quotes, and defuses formulas in text', () => {
    const csv = statementCsv([
      { ...row, description: 'Refund, "late" (adjustment)' },
      { ...row, id: '6', reference: '=HYPERLINK("x")', description: '+1 (adjustment)' },
    ]);
    expect(csv.split('\r\n')).toEqual([
      'id,createdAt,wallet,kind,amount,balanceAfter,reference,description',
      '7,2026-03-02T09:00:00.000Z,fund,adjustment,-1.234567,100000.000001,adj:1,"Refund, ""late"" (adjustment)"',
      `6,2026-03-02T09:00:00.000Z,fund,adjustment,-1.234567,100000.000001,"'=HYPERLINK(""x"")",'+1 (adjustment)`,
      '',
    ]);
  });

  it('has only the header when nothing matches', () => {
    expect(statementCsv([])).toBe(
      'id,createdAt,wallet,kind,amount,balanceAfter,reference,description\r\n',
    );
  });
});

describe('line descriptions', () => {
  it('reads kind and metadata', () => {
    expect(describeLine('package-purchase', { packageName: 'Starter' })).toBe(
      'Package Starter bought',
    );
    expect(describeLine('trade-income', {})).toBe('Daily profit claimed');
    expect(describeLine('adjustment', { reason: 'Opening balance' })).toBe(
      'Opening balance (adjustment)',
    );
    expect(describeLine('adjustment', null)).toBe('Balance adjustment');
    expect(describeLine('deposit', null)).toBe('Deposit');
    expect(describeLine('withdrawal', null)).toBe('Withdrawal');
    expect(describeLine('referral-bonus', null)).toBe('Referral bonus');
    expect(describeLine('team-profit', { incomes: 12, firstIncomeId: '7' })).toBe(
      'Team profit (12 incomes)',
    );
    expect(describeLine('reward', { incomes: 1 })).toBe('Reward');
    expect(describeLine('some-future-kind', null)).toBe('some future kind');
  });
});
