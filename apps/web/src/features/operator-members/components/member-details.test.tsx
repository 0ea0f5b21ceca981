import type { MemberNote, OperatorRole } from '@app/contracts';
import { MEMBER_EMAIL_TAKEN } from '@app/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveOperatorSession } from '../../../lib/operator-session.ts';
import { apiUrl, failure, ok, validationFailure } from '../../../testing/handlers.ts';
import { asDesktop, resetScreen } from '../../../testing/media.ts';
import { renderApp } from '../../../testing/render.tsx';
import { server } from '../../../testing/server.ts';
import { buildOperatorMemberDetail, OPERATOR_MEMBER_ID } from '../../../testing/factories.ts';

const slow = { timeout: 30_000 };
const MEMBER_ID = OPERATOR_MEMBER_ID;
const detail = buildOperatorMemberDetail({ profile: { sponsorCode: null, sponsorName: null } });

/** The console as `role` on the member's page (`tab` when given). */
function open(role: OperatorRole, tab = '') {
  asDesktop();
  saveOperatorSession('operator-token', { id: 'op-1', email: `${role}@ops.example.com`, role });
  server.use(
    http.get(apiUrl('operator/auth/me'), () =>
      ok({ id: 'op-1', email: `${role}@ops.example.com`, role }),
    ),
    http.get(apiUrl(`operator/members/${MEMBER_ID}`), () => ok(detail)),
  );
  return renderApp(`/operator/members/${MEMBER_ID}${tab ? `?tab=${tab}` : ''}`);
}

afterEach(resetScreen);

describe("editing a member's details", () => {
  it(
    'prefills the fields, sends the reason, and puts the server reasons on their fields',
    slow,
    async () => {
      const { user } = open('support');
      const sent = vi.fn();
      let answer = 0;
      server.use(
        http.patch(
          apiUrl(`operator/members/${MEMBER_ID}/details`),
          async ({ request }): Promise<Response> => {
            sent(await request.json());
            answer += 1;
            if (answer === 1)
              return validationFailure([
                {
                  field: 'mobile_number',
                  reason: 'Mobile Number is not a valid number for Germany',
                },
              ]);
            if (answer === 2) return failure(409, MEMBER_EMAIL_TAKEN, 'CONFLICT');
            return ok({ changed: ['name'] }, 'Member details changed');
          },
        ),
      );
      await user.click(await screen.findByRole('button', { name: 'Edit details' }));
      const dialog = await screen.findByRole('dialog', { name: "Edit Asha Verma's details" });
      const field = (name: string) => within(dialog).getByRole('textbox', { name });
      expect(field('Name')).toHaveValue('Asha Verma');
      expect(field('Email')).toHaveValue('asha@example.com');
      expect(field('Mobile number')).toHaveValue('+919876543210');

      await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
      expect(await within(dialog).findByText(/Reason is required/i)).toBeVisible();
      expect(sent).not.toHaveBeenCalled();

      await user.clear(field('Mobile number'));
      await user.type(field('Mobile number'), '+49123');
      await user.type(field('Reason'), 'Asked by phone');
      await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
      await waitFor(() =>
        expect(field('Mobile number')).toHaveAccessibleDescription(
          'Mobile Number is not a valid number for Germany',
        ),
      );
      expect(sent).toHaveBeenLastCalledWith({
        name: 'Asha Verma',
        email: 'asha@example.com',
        mobile_number: '+49123',
        reason: 'Asked by phone',
      });

      await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
      await waitFor(() => expect(field('Email')).toHaveAccessibleDescription(MEMBER_EMAIL_TAKEN));

      await user.clear(field('Name'));
      await user.type(field('Name'), 'Asha R. Verma');
      await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
      expect(await screen.findByText('Member details changed')).toBeInTheDocument();
      await waitFor(() => expect(dialog).not.toBeInTheDocument());
      expect(sent).toHaveBeenLastCalledWith(expect.objectContaining({ name: 'Asha R. Verma' }));
    },
  );

  it('is not offered to finance', slow, async () => {
    open('finance');
    expect(await screen.findByRole('heading', { name: 'Asha Verma' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Edit details' })).not.toBeInTheDocument();
  });
});

describe("a member's notes", () => {
  const note = (id: string, text: string, at: string): MemberNote => ({
    id,
    text,
    authorEmail: 'support@ops.example.com',
    createdAt: at,
  });

  it('shows the empty state, adds a note, and lists it newest first', slow, async () => {
    const notes: MemberNote[] = [];
    const added = vi.fn();
    server.use(
      http.get(apiUrl(`operator/members/${MEMBER_ID}/notes`), () => ok({ notes: [...notes] })),
      http.post(apiUrl(`operator/members/${MEMBER_ID}/notes`), async ({ request }) => {
        const body = (await request.json()) as { text: string };
        added(body);
        notes.unshift(note(`n${notes.length}`, body.text, '2026-11-27T10:00:00.000Z'));
        return ok(null, 'Note added');
      }),
    );
    const { user } = open('support', 'notes');
    const section = await screen.findByRole('region', { name: 'Notes' });
    expect(await within(section).findByText('No notes yet')).toBeVisible();
    await user.type(within(section).getByRole('textbox', { name: 'New note' }), 'Called about KYC');
    await user.click(within(section).getByRole('button', { name: 'Add note' }));
    expect(await within(section).findByText('Called about KYC')).toBeVisible();
    expect(within(section).getByText(/support@ops\.example\.com/)).toBeVisible();
    expect(added).toHaveBeenCalledWith({ text: 'Called about KYC' });
    expect(within(section).getByRole('textbox', { name: 'New note' })).toHaveValue('');
  });

  it(
    'lets finance read notes without a form, and offers a retry when they fail',
    slow,
    async () => {
      let fails = true;
      server.use(
        http.get(apiUrl(`operator/members/${MEMBER_ID}/notes`), (): Response =>
          fails
            ? failure(500, 'Something went wrong')
            : ok({
                notes: [
                  note('n2', 'Newer note', '2026-11-27T10:00:00.000Z'),
                  note('n1', 'Older note', '2026-11-26T10:00:00.000Z'),
                ],
              }),
        ),
      );
      const { user } = open('finance', 'notes');
      const section = await screen.findByRole('region', { name: 'Notes' });
      expect(await within(section).findByText('The notes could not be loaded.')).toBeVisible();
      expect(within(section).queryByRole('textbox')).not.toBeInTheDocument();
      fails = false;
      await user.click(within(section).getByRole('button', { name: /retry/i }));
      const items = await within(section).findAllByRole('listitem');
      expect(items.map((item) => item.textContent)).toEqual([
        expect.stringContaining('Newer note'),
        expect.stringContaining('Older note'),
      ]);
    },
  );
});
