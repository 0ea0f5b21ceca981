import { describe, expect, it } from 'vitest';
import { auditDetailLines, labelOf, textOf } from './audit-detail.ts';

describe('audit detail lines', () => {
  it('reads a change as before → after, and what stayed as one value', () => {
    expect(
      auditDetailLines({
        email: 'ann@ops.example.com',
        from: { role: 'support', status: 'active' },
        to: { role: 'finance', status: 'active' },
        role: 'admin',
      }),
    ).toEqual([
      { label: 'Role', before: 'support', after: 'finance' },
      { label: 'Status', value: 'active' },
      { label: 'Email', value: 'ann@ops.example.com' },
      { label: "Acting operator's role", value: 'admin' },
    ]);
  });

  it('reads before and after with nested values and keys on one side only', () => {
    expect(
      auditDetailLines({
        before: { withdrawalHoldHours: 24, limits: { daily: 500 } },
        after: { withdrawalHoldHours: 48, limits: { daily: 500, weekly: 2000 } },
      }),
    ).toEqual([
      { label: 'Withdrawal hold (hours)', before: '24', after: '48' },
      { label: 'Limits › Daily', value: '500' },
      { label: 'Limits › Weekly', before: '—', after: '2000' },
    ]);
  });

  it('reads plain details as label and value lines', () => {
    expect(
      auditDetailLines({ txHash: '0xab', previousStatus: 'open', ended: true, tags: ['a', 'b'] }),
    ).toEqual([
      { label: 'Transaction hash', value: '0xab' },
      { label: 'Status before', value: 'open' },
      { label: 'Ended', value: 'Yes' },
      { label: 'Tags', value: 'a, b' },
    ]);
  });

  it('has no lines for no detail, and one for a detail that is not an object', () => {
    expect(auditDetailLines(null)).toEqual([]);
    expect(auditDetailLines(undefined)).toEqual([]);
    expect(auditDetailLines({})).toEqual([]);
    expect(auditDetailLines('run by hand')).toEqual([{ label: 'Detail', value: 'run by hand' }]);
  });

  it('says keys and values in words', () => {
    expect(labelOf('sessionsEnded')).toBe('Sessions ended');
    expect(labelOf('daily_profit')).toBe('Daily profit');
    expect(textOf(null)).toBe('—');
    expect(textOf(false)).toBe('No');
    expect(textOf([{ a: 1 }])).toBe('[{"a":1}]');
  });
});
