import {
  RECOVERY_CODE_COUNT,
  SECOND_FACTOR_CODE_WRONG,
  type RecoveryCodesData,
  type SecondFactorStatus,
  type TotpSetupData,
} from '@app/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { formatDate } from '../../../lib/format-dates.ts';
import { apiUrl, failure, ok, validationFailure } from '../../../testing/handlers.ts';
import { renderApp, signInAs } from '../../../testing/render.tsx';
import { server } from '../../../testing/server.ts';

const slow = { timeout: 30_000 };

const PASSWORD = 'demo-pass-2026';
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const RIGHT_CODE = '123456';
const QR_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29"><path d="M1 1h7v7H1z"/></svg>';
const codeSet = (prefix: string) =>
  Array.from({ length: RECOVERY_CODE_COUNT }, (_, index) => `${prefix}${index}-FGH23`);
const FIRST_CODES = codeSet('FIRS');
const NEW_CODES = codeSet('NEWC');
const ENABLED_AT = '2026-11-20T09:30:00.000Z';

/**
 * The second factor as the server keeps it: the status follows what the POSTs do; wrong
 * passwords and codes are refused on their field. Every body sent is kept.
 */
function serveSecondFactor(initial: Partial<SecondFactorStatus> = {}) {
  const state: SecondFactorStatus = {
    totp: false,
    passkeys: 0,
    recoveryCodesLeft: 0,
    enabledAt: null,
    ...initial,
  };
  const sent: { path: string; body: unknown }[] = [];
  const wrongPassword = () =>
    validationFailure([{ field: 'password', reason: 'Password is incorrect' }]);
  const wrongCode = () => validationFailure([{ field: 'code', reason: SECOND_FACTOR_CODE_WRONG }]);
  const isRightCode = (code: string) => code === RIGHT_CODE || code === 'FIRS0FGH23';
  const post = <B extends Record<string, string>>(path: string, answer: (body: B) => Response) =>
    http.post(apiUrl(path), async ({ request }) => {
      const body = (await request.json()) as B;
      sent.push({ path, body });
      return answer(body);
    });
  server.use(
    http.get(apiUrl('auth/second-factor'), () => ok<SecondFactorStatus>({ ...state })),
    post<{ password: string }>('auth/second-factor/totp/setup', ({ password }) =>
      password === PASSWORD
        ? ok<TotpSetupData>({
            secret: SECRET,
            uri: `otpauth://totp/x?secret=${SECRET}`,
            qrSvg: QR_SVG,
          })
        : wrongPassword(),
    ),
    post<{ code: string }>('auth/second-factor/totp/confirm', ({ code }) => {
      if (code !== RIGHT_CODE) return wrongCode();
      Object.assign(state, {
        totp: true,
        passkeys: 0,
        recoveryCodesLeft: 10,
        enabledAt: ENABLED_AT,
      });
      return ok<RecoveryCodesData>(
        { recoveryCodes: FIRST_CODES },
        'Two-factor authentication is on',
      );
    }),
    post<{ password: string; code: string }>('auth/second-factor/totp/disable', (body) => {
      if (body.password !== PASSWORD) return wrongPassword();
      if (!isRightCode(body.code)) return wrongCode();
      Object.assign(state, { totp: false, recoveryCodesLeft: 0, enabledAt: null });
      return ok(null, 'Two-factor authentication is off');
    }),
    post<{ code: string }>('auth/second-factor/recovery-codes', ({ code }) => {
      if (!isRightCode(code)) return wrongCode();
      state.recoveryCodesLeft = RECOVERY_CODE_COUNT;
      return ok<RecoveryCodesData>(
        { recoveryCodes: NEW_CODES },
        'New recovery codes made; the earlier ones no longer work',
      );
    }),
  );
  return { state, sent };
}

/** A promise the test opens when it has seen what comes before the answer. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

async function openCard() {
  signInAs();
  const view = renderApp('/profile');
  const card = await screen.findByRole('region', { name: 'Two-factor authentication' });
  return { ...view, card };
}

describe('two-factor authentication on the profile', () => {
  it('says what it does and offers to set it up while it is off', slow, async () => {
    serveSecondFactor();
    const { card } = await openCard();
    expect(
      await within(card).findByRole('button', { name: 'Set up authenticator app' }),
    ).toBeVisible();
    expect(within(card).getByText('Off')).toBeVisible();
    expect(card).toHaveTextContent('a stolen password alone cannot open your account');
    expect(within(card).queryByRole('button', { name: 'Turn off' })).not.toBeInTheDocument();
  });

  it('shows since when it is on and the recovery codes left', slow, async () => {
    serveSecondFactor({ totp: true, recoveryCodesLeft: 8, enabledAt: ENABLED_AT });
    const { card } = await openCard();
    expect(await within(card).findByText(`On since ${formatDate(ENABLED_AT)}`)).toBeVisible();
    expect(within(card).getByText('On')).toBeVisible();
    expect(within(card).getByText('8 recovery codes left')).toBeVisible();
    expect(within(card).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'New recovery codes' })).toBeVisible();
    expect(within(card).getByRole('button', { name: 'Turn off' })).toBeVisible();
    expect(
      within(card).queryByRole('button', { name: 'Set up authenticator app' }),
    ).not.toBeInTheDocument();
  });

  it('warns when few recovery codes are left', slow, async () => {
    serveSecondFactor({ totp: true, recoveryCodesLeft: 3, enabledAt: ENABLED_AT });
    const { card } = await openCard();
    expect(await within(card).findByRole('alert')).toHaveTextContent(
      'Only 3 recovery codes left. Make new ones',
    );
  });

  it('shows a skeleton while loading, and a retry when it fails', slow, async () => {
    let answer = gate();
    let isDown = true;
    server.use(
      http.get(apiUrl('auth/second-factor'), async (): Promise<Response> => {
        // Held until the test has seen the skeleton.
        await answer.opened;
        return isDown
          ? failure(500, 'Something went wrong')
          : ok<SecondFactorStatus>({
              totp: false,
              passkeys: 0,
              recoveryCodesLeft: 0,
              enabledAt: null,
            });
      }),
    );
    const { user, card } = await openCard();
    expect(
      within(card).getByRole('status', { name: 'Loading two-factor authentication' }),
    ).toBeInTheDocument();
    answer.open();
    expect(
      await within(card).findByText('Your two-factor authentication could not be loaded.'),
    ).toBeVisible();
    isDown = false;
    answer = gate();
    answer.open();
    await user.click(within(card).getByRole('button', { name: 'Retry' }));
    expect(
      await within(card).findByRole('button', { name: 'Set up authenticator app' }),
    ).toBeVisible();
    expect(within(card).queryByText(/could not be loaded/)).not.toBeInTheDocument();
  });
});

describe('setting up the authenticator app', () => {
  it(
    'takes the password, shows the QR code and key, checks a code, then the recovery codes once',
    slow,
    async () => {
      const { sent } = serveSecondFactor();
      const { user, card } = await openCard();
      await user.click(
        await within(card).findByRole('button', { name: 'Set up authenticator app' }),
      );
      const dialog = await screen.findByRole('dialog', { name: 'Set up authenticator app' });
      expect(dialog).toHaveTextContent('Step 1 of 3');

      // A wrong password is shown on its field; nothing goes further.
      await user.type(within(dialog).getByLabelText('Password'), 'not my password');
      await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
      await waitFor(() =>
        expect(within(dialog).getByLabelText('Password')).toHaveAccessibleDescription(
          'Password is incorrect',
        ),
      );
      expect(within(dialog).queryByRole('img')).not.toBeInTheDocument();

      await user.clear(within(dialog).getByLabelText('Password'));
      await user.type(within(dialog).getByLabelText('Password'), PASSWORD);
      await user.click(within(dialog).getByRole('button', { name: 'Continue' }));

      // The QR code is an image of the server's SVG, never markup in the page.
      const qr = await within(dialog).findByRole('img', {
        name: 'QR code for your authenticator app',
      });
      expect(dialog).toHaveTextContent('Step 2 of 3');
      const source = qr.getAttribute('src') ?? '';
      expect(source.startsWith('data:image/svg+xml;base64,')).toBe(true);
      expect(atob(source.slice('data:image/svg+xml;base64,'.length))).toBe(QR_SVG);
      expect(dialog.querySelector('svg path[d="M1 1h7v7H1z"]')).toBeNull();
      expect(within(dialog).getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeVisible();
      await user.click(within(dialog).getByRole('button', { name: 'Copy setup key' }));
      expect(await navigator.clipboard.readText()).toBe(SECRET);

      // The code field is the phone's number pad, filled from an SMS-like one-time code.
      const code = within(dialog).getByLabelText('Code from the app');
      expect(code).toHaveAttribute('inputmode', 'numeric');
      expect(code).toHaveAttribute('autocomplete', 'one-time-code');
      await user.type(code, '654321');
      await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));
      await waitFor(() => expect(code).toHaveAccessibleDescription(SECOND_FACTOR_CODE_WRONG));

      await user.clear(code);
      await user.type(code, RIGHT_CODE);
      await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));
      const list = await within(dialog).findByRole('list', { name: 'Recovery codes' });
      expect(
        within(list)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(FIRST_CODES);
      expect(dialog).toHaveTextContent('Step 3 of 3');
      expect(await screen.findByText('Two-factor authentication is on')).toBeInTheDocument();
      // Behind the dialog, the card already says it is on.
      expect(
        await within(card).findByText(`On since ${formatDate(ENABLED_AT)}`),
      ).toBeInTheDocument();

      await user.click(within(dialog).getByRole('button', { name: 'Copy all' }));
      expect(await navigator.clipboard.readText()).toBe(FIRST_CODES.join('\n'));

      // The codes are shown once: only Done closes, and only once they are saved.
      const done = within(dialog).getByRole('button', { name: 'Done' });
      expect(done).toBeDisabled();
      await user.keyboard('{Escape}');
      expect(screen.getByRole('dialog', { name: 'Set up authenticator app' })).toBeVisible();
      await user.click(
        within(dialog).getByRole('checkbox', { name: 'I have saved my recovery codes' }),
      );
      expect(done).toBeEnabled();
      await user.click(done);
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

      expect(sent).toEqual([
        { path: 'auth/second-factor/totp/setup', body: { password: 'not my password' } },
        { path: 'auth/second-factor/totp/setup', body: { password: PASSWORD } },
        { path: 'auth/second-factor/totp/confirm', body: { code: '654321' } },
        { path: 'auth/second-factor/totp/confirm', body: { code: RIGHT_CODE } },
      ]);
      expect(within(card).getByText('10 recovery codes left')).toBeVisible();
    },
  );

  it('downloads the recovery codes as a text file', slow, async () => {
    serveSecondFactor();
    const createObjectURL = vi.fn(() => 'blob:codes');
    const revokeObjectURL = vi.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const click = vi
      .spyOn(HTMLAnchorElement.prototype, 'click')
      .mockImplementation(() => undefined);
    const { user, card } = await openCard();
    await user.click(await within(card).findByRole('button', { name: 'Set up authenticator app' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set up authenticator app' });
    await user.type(within(dialog).getByLabelText('Password'), PASSWORD);
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await user.type(await within(dialog).findByLabelText('Code from the app'), RIGHT_CODE);
    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Download' }));

    expect(click).toHaveBeenCalledTimes(1);
    const anchor = click.mock.instances[0] as unknown as HTMLAnchorElement;
    expect(anchor.download).toBe('member-invest-recovery-codes.txt');
    const blob = (createObjectURL.mock.calls[0] as unknown as [Blob])[0];
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blob);
    });
    const lines = text.split('\n');
    expect(lines[0]).toBe('Member Invest recovery codes');
    expect(lines).toEqual(expect.arrayContaining(FIRST_CODES));
    await waitFor(() => expect(revokeObjectURL).toHaveBeenCalledWith('blob:codes'));
    click.mockRestore();
  });

  it('leaves it off when closed before the code, and starts afresh next time', slow, async () => {
    const { sent } = serveSecondFactor();
    const { user, card } = await openCard();
    await user.click(await within(card).findByRole('button', { name: 'Set up authenticator app' }));
    let dialog = await screen.findByRole('dialog', { name: 'Set up authenticator app' });
    await user.type(within(dialog).getByLabelText('Password'), PASSWORD);
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await within(dialog).findByRole('img', { name: 'QR code for your authenticator app' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(card).getByText('Off')).toBeVisible();

    await user.click(within(card).getByRole('button', { name: 'Set up authenticator app' }));
    dialog = await screen.findByRole('dialog', { name: 'Set up authenticator app' });
    expect(dialog).toHaveTextContent('Step 1 of 3');
    expect(within(dialog).getByLabelText('Password')).toHaveValue('');
    expect(sent.map(({ path }) => path)).toEqual(['auth/second-factor/totp/setup']);
  });

  it('says when too many wrong codes were tried', slow, async () => {
    serveSecondFactor();
    server.use(
      http.post(apiUrl('auth/second-factor/totp/confirm'), () =>
        failure(429, 'Too many wrong codes. Try again in 15 minutes.', 'RATE_LIMITED'),
      ),
    );
    const { user, card } = await openCard();
    await user.click(await within(card).findByRole('button', { name: 'Set up authenticator app' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set up authenticator app' });
    await user.type(within(dialog).getByLabelText('Password'), PASSWORD);
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await user.type(await within(dialog).findByLabelText('Code from the app'), RIGHT_CODE);
    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    expect(
      await screen.findByText('Too many wrong codes. Try again in 15 minutes.'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
  });
});

describe('turning it off and new recovery codes', () => {
  it('turns it off with the password and a recovery code', slow, async () => {
    const { sent } = serveSecondFactor({
      totp: true,
      recoveryCodesLeft: 10,
      enabledAt: ENABLED_AT,
    });
    const { user, card } = await openCard();
    await user.click(await within(card).findByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Turn off two-factor authentication',
    });
    await user.type(within(dialog).getByLabelText('Password'), PASSWORD);
    const code = within(dialog).getByLabelText('Code');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await user.type(code, '000000');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(code).toHaveAccessibleDescription(SECOND_FACTOR_CODE_WRONG));

    // A recovery code as printed, typed in lower case: sent as the server reads it.
    await user.clear(code);
    await user.type(code, 'firs0-fgh23');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('Two-factor authentication is off')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(
      await within(card).findByRole('button', { name: 'Set up authenticator app' }),
    ).toBeVisible();
    expect(sent.at(-1)).toEqual({
      path: 'auth/second-factor/totp/disable',
      body: { password: PASSWORD, code: 'FIRS0FGH23' },
    });
  });

  it('puts a wrong password on its field and keeps the dialog open', slow, async () => {
    serveSecondFactor({ totp: true, recoveryCodesLeft: 10, enabledAt: ENABLED_AT });
    const { user, card } = await openCard();
    await user.click(await within(card).findByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Turn off two-factor authentication',
    });
    await user.type(within(dialog).getByLabelText('Password'), 'not my password');
    await user.type(within(dialog).getByLabelText('Code'), RIGHT_CODE);
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Password')).toHaveAccessibleDescription(
        'Password is incorrect',
      ),
    );
    expect(within(card).getByText('On')).toBeVisible();
  });

  it('makes new recovery codes with a code and shows them once', slow, async () => {
    const { sent } = serveSecondFactor({
      totp: true,
      recoveryCodesLeft: 2,
      enabledAt: ENABLED_AT,
    });
    const { user, card } = await openCard();
    expect(await within(card).findByRole('alert')).toHaveTextContent('Only 2 recovery codes left');
    await user.click(within(card).getByRole('button', { name: 'New recovery codes' }));
    const dialog = await screen.findByRole('dialog', { name: 'New recovery codes' });
    await user.type(within(dialog).getByLabelText('Code'), '111111');
    await user.click(within(dialog).getByRole('button', { name: 'Make new codes' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Code')).toHaveAccessibleDescription(
        SECOND_FACTOR_CODE_WRONG,
      ),
    );
    await user.clear(within(dialog).getByLabelText('Code'));
    await user.type(within(dialog).getByLabelText('Code'), RIGHT_CODE);
    await user.click(within(dialog).getByRole('button', { name: 'Make new codes' }));

    const list = await within(dialog).findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(NEW_CODES);
    expect(
      await screen.findByText('New recovery codes made; the earlier ones no longer work'),
    ).toBeInTheDocument();
    const done = within(dialog).getByRole('button', { name: 'Done' });
    expect(done).toBeDisabled();
    await user.click(
      within(dialog).getByRole('checkbox', { name: 'I have saved my recovery codes' }),
    );
    await user.click(done);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(card).findByText('10 recovery codes left')).toBeVisible();
    expect(within(card).queryByRole('alert')).not.toBeInTheDocument();
    expect(sent.map(({ body }) => body)).toEqual([{ code: '111111' }, { code: RIGHT_CODE }]);
  });
});
