import type { AuditEntryView } from '@app/contracts';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AuditEntryDialog } from './audit-entry-dialog.tsx';

const entry: AuditEntryView = {
  id: '41',
  operatorId: '0b6f7c1e-6a8c-4c0e-9a51-3c2f1d7e9a10',
  operatorEmail: 'admin@ops.example.com',
  action: 'operator.update',
  targetType: 'operator',
  targetId: '5d1b2c3a-1111-4a2b-8c3d-9e8f7a6b5c4d',
  targetMember: null,
  targetOperatorEmail: 'ann@ops.example.com',
  detail: {
    email: 'ann@ops.example.com',
    from: { role: 'support', status: 'active' },
    to: { role: 'finance', status: 'active' },
    role: 'admin',
  },
  ip: '10.0.0.7',
  createdAt: '2026-03-04T12:00:00.000Z',
};

describe('AuditEntryDialog', () => {
  it('shows the action in words, who and whom by name, and what changed', () => {
    render(<AuditEntryDialog entry={entry} onClose={vi.fn()} />);
    const dialog = screen.getByRole('dialog', { name: "Changed an operator's role or status" });
    expect(within(dialog).getByText('operator.update')).toBeVisible();
    expect(within(dialog).getByText('admin@ops.example.com')).toBeVisible();
    // The target by email, its id there to copy.
    expect(within(dialog).getAllByText('ann@ops.example.com').length).toBeGreaterThan(0);
    expect(within(dialog).getByRole('button', { name: 'Copy operator id' })).toBeVisible();
    const role = within(dialog).getByText('Role').parentElement!;
    expect(role).toHaveTextContent('support→finance');
    expect(within(role).getByLabelText('changed to')).toBeVisible();
    const status = within(dialog).getByText('Status').parentElement!;
    expect(status).toHaveTextContent('active');
    expect(within(status).queryByLabelText('changed to')).toBeNull();
    expect(dialog).not.toHaveTextContent('{');
  });

  it('names a member target by name and Registered ID', () => {
    render(
      <AuditEntryDialog
        entry={{
          ...entry,
          action: 'withdrawal.pay',
          targetType: 'withdrawal',
          targetMember: { id: 'm-1', name: 'Ann Lee', registeredId: 'AB12CD34' },
          targetOperatorEmail: null,
          detail: { txHash: '0xabc', role: 'finance' },
        }}
        onClose={vi.fn()}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Paid a withdrawal' });
    expect(within(dialog).getByText('Withdrawal of Ann Lee (AB12CD34)')).toBeVisible();
    expect(within(dialog).getByText('Transaction hash').nextSibling).toHaveTextContent('0xabc');
    expect(within(dialog).getByRole('button', { name: 'Copy withdrawal id' })).toBeVisible();
  });

  it('says so when nothing more was recorded', () => {
    render(<AuditEntryDialog entry={{ ...entry, detail: null }} onClose={vi.fn()} />);
    expect(screen.getByText('Nothing more was recorded.')).toBeVisible();
  });
});
