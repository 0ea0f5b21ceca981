import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { explorerTransactionUrl, MEMBER_MAIL_KINDS } from '@app/contracts';
import { queryRows } from '../db/client.ts';
import { call } from '../testing/requests.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import type { ReceivedMail } from '../testing/smtp-sink.ts';
import { signInOperator } from '../testing/operators.ts';
import { api, at, emailOf, fundedMember, insertPackage, tokenOf, usd } from '../testing/members.ts';
import { buyAmount, settle, teamMember } from '../testing/team.ts';
import { createDeposit } from '../modules/deposits/test-support.ts';
import {
  TRON_ADDRESS,
  withdrawer,
  withdrawWithCode,
  withPassword,
  WITHDRAWAL_TEST_ENV,
} from '../modules/withdrawals/test-support.ts';
import { startFakeGateway } from '../testing/fake-gateway.ts';
import { sendDueMails } from './mail-sender.ts';
import { runMemberMails } from './member-mail-run.ts';
import { runCompounding } from '../modules/compounding/compounding-run.ts';
import { adjustMemberBalance } from '../ledger/index.ts';

// The mails members expect (decision 0053), on the real database and a real SMTP server: each
// kind written with its event and sent by the outbox, none when the member turned it off, the
// security notices whatever the preferences, and the daily digest once per member and day.

const silent = pino({ level: 'silent' });

/** Sends what the outbox holds (the sender loop's work), then the mails `email` received. */
async function mailsTo(t: TestApp, email: string): Promise<ReceivedMail[]> {
  await sendDueMails(t.ctx, silent);
  await t.mailsDelivered();
  return t.smtp.mails.filter((mail) => mail.to.includes(email));
}
const kindOf = (subject: RegExp) => (mail: ReceivedMail) => subject.test(mail.subject);

const setPreferences = async (
  t: TestApp,
  memberId: string,
  preferences: { kind: string; enabled: boolean }[],
) =>
  call(
    t.app,
    'PUT',
    'auth/mail-preferences',
    { preferences },
    { token: await tokenOf(t, memberId) },
  );
const allOff = MEMBER_MAIL_KINDS.map((kind) => ({ kind, enabled: false }));

const runMails = (t: TestApp) =>
  runMemberMails(t.ctx.database.db, t.clock.now(), {
    site: { publicUrl: t.ctx.config.publicUrl },
  });

describe('the mail preferences and the mails of an event', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: WITHDRAWAL_TEST_ENV });
  });
  afterAll(() => t.close());

  it('lists every kind on by default, changes the kinds named, and refuses an unknown kind', async () => {
    const memberId = await fundedMember(t, 0n);
    const initial = await api(t, memberId, 'GET', 'auth/mail-preferences');
    expect(initial.status).toBe(200);
    expect(initial.body.data.preferences).toEqual(
      MEMBER_MAIL_KINDS.map((kind) => ({ kind, enabled: true })),
    );

    const changed = await setPreferences(t, memberId, [{ kind: 'income-digest', enabled: false }]);
    expect(changed.status).toBe(200);
    const again = await setPreferences(t, memberId, [{ kind: 'package-bought', enabled: false }]);
    expect(again.body.data.preferences).toEqual(
      MEMBER_MAIL_KINDS.map((kind) => ({
        kind,
        enabled: kind !== 'income-digest' && kind !== 'package-bought',
      })),
    );
    expect((await api(t, memberId, 'GET', 'auth/mail-preferences')).body.data).toEqual(
      again.body.data,
    );

    const unknown = await setPreferences(t, memberId, [
      { kind: 'security-notice', enabled: false },
    ]);
    expect(unknown.status).toBe(422);
    expect(unknown.body.message[0].validation_results).toContainEqual({
      field: 'preferences.0.kind',
      reason: 'Unknown mail kind',
    });
    expect((await call(t.app, 'GET', 'auth/mail-preferences', undefined, {})).status).toBe(401);
  });

  it('mails a credited deposit with its amount and the link to the deposit history', async () => {
    const finance = await signInOperator(t, 'finance@ops.example.com', 'finance');
    const confirm = async (memberId: string) => {
      const created = await createDeposit(t, memberId, {
        amount: '25',
        provider: 'manual',
        txHash: `${memberId.replaceAll('-', '')}${'d'.repeat(32)}`,
      });
      expect(created.status).toBe(200);
      const id = created.body.data.id as string;
      const confirmed = await call(t.app, 'POST', `operator/deposits/${id}/confirm`, undefined, {
        token: finance,
      });
      expect(confirmed.status).toBe(200);
    };
    const memberId = await fundedMember(t, 0n);
    await confirm(memberId);
    const [mail] = (await mailsTo(t, await emailOf(t, memberId))).filter(kindOf(/^Deposit/));
    expect(mail?.subject).toBe('Deposit of $25.00 credited');
    expect(mail?.text).toContain('Your deposit of $25.00 was credited to your fund wallet.');
    expect(mail?.text).toContain(`${t.ctx.config.publicUrl}/fund/deposit-history`);

    const quiet = await fundedMember(t, 0n);
    await setPreferences(t, quiet, [{ kind: 'deposit-credited', enabled: false }]);
    await confirm(quiet);
    expect(await mailsTo(t, await emailOf(t, quiet))).toEqual([]);
  });

  it('mails a paid withdrawal with its transaction hash and explorer link', async () => {
    const TX_HASH = 'ab'.repeat(32);
    const pay = async (memberId: string) => {
      const requested = await withdrawWithCode(t, memberId, 'profit', '100');
      expect(requested.status).toBe(200);
      const paid = await call(
        t.app,
        'POST',
        `operator/withdrawals/${requested.body.data.id as string}/pay`,
        { txHash: TX_HASH },
        { token: await signInOperator(t, 'finance@ops.example.com', 'finance') },
      );
      expect(paid.status).toBe(200);
    };
    const memberId = await withdrawer(t, { profit: usd('300') });
    await pay(memberId);
    const [mail] = (await mailsTo(t, await emailOf(t, memberId))).filter(kindOf(/^Withdrawal/));
    expect(mail?.subject).toBe('Withdrawal of $100.00 paid');
    expect(mail?.text).toContain(`Transaction hash: ${TX_HASH}`);
    expect(TRON_ADDRESS).toMatch(/^T/); // the withdrawer's address is on TRC-20
    expect(mail?.text).toContain(
      explorerTransactionUrl(t.ctx.config.explorers['TRC-20'].transaction, TX_HASH),
    );
    expect(mail?.text).toContain(`${t.ctx.config.publicUrl}/fund/withdrawal-history`);

    const quiet = await withdrawer(t, { profit: usd('300') });
    await setPreferences(t, quiet, [{ kind: 'withdrawal-paid', enabled: false }]);
    await pay(quiet);
    expect((await mailsTo(t, await emailOf(t, quiet))).filter(kindOf(/^Withdrawal/))).toEqual([]);
  });

  it('mails a bought package; security notices go whatever the preferences', async () => {
    const memberId = await fundedMember(t, usd('500'));
    expect((await buyAmount(t, memberId, '100')).length).toBeGreaterThan(0);
    const [mail] = (await mailsTo(t, await emailOf(t, memberId))).filter(kindOf(/^Package/));
    expect(mail?.subject).toMatch(/^Package .+ bought for \$100\.00$/);
    expect(mail?.text).toContain(`${t.ctx.config.publicUrl}/fund/investments`);

    const quiet = await fundedMember(t, usd('500'));
    expect((await setPreferences(t, quiet, allOff)).status).toBe(200);
    await buyAmount(t, quiet, '100');
    await withPassword(t, quiet, 'old-password-2026');
    const changed = await call(
      t.app,
      'POST',
      'auth/change-password',
      {
        currentPassword: 'old-password-2026',
        newPassword: 'new-password-2026',
        confirmPassword: 'new-password-2026',
      },
      { token: await tokenOf(t, quiet) },
    );
    expect(changed.status).toBe(200);
    const received = await mailsTo(t, await emailOf(t, quiet));
    expect(received.map((m) => m.subject)).toEqual(['Your password was changed']);
  });
});

describe("the gateway's finished callback", () => {
  it('mails the deposit it credits, once however often the callback comes', async () => {
    const fake = await startFakeGateway();
    const t = await createTestApp({ env: fake.env });
    fake.useApp(t.app);
    try {
      const memberId = await fundedMember(t, 0n);
      const opened = await createDeposit(t, memberId, { amount: 40, provider: 'gateway' });
      expect(opened.status).toBe(200);
      expect((await fake.deliver('finished')).body.data.outcome).toBe('credited');
      expect((await fake.deliver('finished')).body.data.outcome).toBe('ignored');
      const mails = (await mailsTo(t, await emailOf(t, memberId))).filter(kindOf(/^Deposit/));
      expect(mails.map((mail) => mail.subject)).toEqual(['Deposit of $40.00 credited']);
      expect(mails[0]?.text).toContain('https://invest.example.test/fund/deposit-history');
    } finally {
      await t.close();
      await fake.close();
    }
  });
});

describe('the daily run: package ended and the income digest', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('tells of an ended package once, by mail and in the app, whoever runs it', async () => {
    t.clock.set(at(0, 10));
    const short = await insertPackage(t, { name: 'Two days', days: 2, rate: 10_000 });
    const memberId = await fundedMember(t, usd('500'));
    const quiet = await fundedMember(t, usd('500'));
    await setPreferences(t, quiet, [{ kind: 'package-ended', enabled: false }]);
    for (const buyer of [memberId, quiet])
      expect(
        (await api(t, buyer, 'POST', 'package/buy-package', { packageId: short, amount: 100 }))
          .status,
      ).toBe(200);
    const ended = (mails: ReceivedMail[]) => mails.filter(kindOf(/ended$/));

    t.clock.set(at(2, 10)); // its last day, not yet over
    expect((await runMails(t)).packagesEnded).toBe(0);
    t.clock.set(at(3, 10));
    const [first, second] = await Promise.all([runMails(t), runMails(t)]);
    expect(first!.packagesEnded + second!.packagesEnded).toBe(2);
    expect((await runMails(t)).packagesEnded).toBe(0);

    const mails = ended(await mailsTo(t, await emailOf(t, memberId)));
    expect(mails.map((m) => m.subject)).toEqual(['Package Two days of $100.00 ended']);
    expect(mails[0]?.text).toContain(`${t.ctx.config.publicUrl}/fund/investments`);
    expect(ended(await mailsTo(t, await emailOf(t, quiet)))).toEqual([]);
    const notes = await queryRows<{ member_id: string }>(
      t.ctx.database.db,
      sql`select member_id from notifications where message = 'Package Two days of $100.00 ended'`,
    );
    expect(notes.map((n) => n.member_id).sort()).toEqual([memberId, quiet].sort());
  });

  it("sends each member the day's income once, not again the same day or on another instance", async () => {
    t.clock.set(at(10, 10));
    const sponsor = await teamMember(t, null);
    const quietSponsor = await teamMember(t, null);
    await setPreferences(t, quietSponsor, [{ kind: 'income-digest', enabled: false }]);
    await buyAmount(t, sponsor, '100');
    await buyAmount(t, quietSponsor, '100');
    const buyer = await teamMember(t, sponsor);
    await buyAmount(t, buyer, '1000'); // 5 % referral bonus to the sponsor
    await buyAmount(t, await teamMember(t, quietSponsor), '1000');
    await settle(t);
    const digests = async (memberId: string) =>
      (await mailsTo(t, await emailOf(t, memberId))).filter(kindOf(/^Income credited/));

    t.clock.set(at(11, 1));
    const [one, other] = await Promise.all([runMails(t), runMails(t)]);
    t.clock.set(at(11, 18));
    const later = await runMails(t);
    expect(one!.digests + other!.digests + later.digests).toBe(1);

    const [digest, ...more] = await digests(sponsor);
    expect(more).toEqual([]);
    expect(digest?.subject).toBe('Income credited on 2026-03-12: $50.00');
    expect(digest?.text).toContain('Referral bonus: $50.00');
    expect(digest?.text).toContain('Total: $50.00');
    expect(digest?.text).toContain(`${t.ctx.config.publicUrl}/fund/transaction-history`);
    expect(await digests(quietSponsor)).toEqual([]);
    expect(await digests(buyer)).toEqual([]);

    t.clock.set(at(12, 9)); // a day without income: no digest
    expect((await runMails(t)).digests).toBe(0);
    expect(await digests(sponsor)).toHaveLength(1);
  });

  it('counts the compounding income in the digest of the day the run credited it', async () => {
    // A database of its own: the compounding run marks its days paid, whatever the clock of the
    // tests beside it.
    const own = await createTestApp();
    try {
      const db = own.ctx.database.db;
      own.clock.set(at(20, 1));
      await runCompounding(db, own.clock.now(), { batchSize: 50 }); // every earlier day done
      const memberId = await fundedMember(own, 0n);
      await adjustMemberBalance(db, {
        memberId,
        wallet: 'profit',
        amount: usd('100'),
        reference: `test-profit:${memberId}`,
        reason: 'test profit',
        now: own.clock.now(),
      });
      expect((await api(own, memberId, 'POST', 'compounding/move', { amount: 100 })).status).toBe(
        200,
      );
      own.clock.set(at(21, 1)); // the run credits 0.10 % of $100 for the day that ended
      await runCompounding(db, own.clock.now(), { batchSize: 50 });

      own.clock.set(at(22, 1));
      expect((await runMails(own)).digests).toBe(1);
      const digests = (await mailsTo(own, await emailOf(own, memberId))).filter(
        kindOf(/^Income credited/),
      );
      expect(digests.map((mail) => mail.subject)).toEqual(['Income credited on 2026-03-23: $0.10']);
      expect(digests[0]?.text).toContain('Compounding income: $0.10');
    } finally {
      await own.close();
    }
  });
});
