import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { labels, registerBodyWith } from '@app/contracts';
import { phoneNumbering } from '@app/contracts/phone-numbering';
import { queryRows, type Db, type Executor } from '../../db/client.ts';
import { members } from '../../db/schema/members.ts';
import { fieldError } from '../../lib/errors.ts';
import { hashPassword, refuseCommonPassword } from '../../lib/passwords.ts';
import { createReferralCode } from '../../lib/secrets.ts';
import { openMemberAccounts, withTransaction } from '../../ledger/index.ts';
import { notifyMember } from '../../core/notifications.ts';
import { issueOtp } from '../../core/otp.ts';
import { loadCurrentPlan, type Plan } from '../../core/plan.ts';
import { joinTeam } from '../../core/team.ts';
import { admitByVolume } from '../../core/proof-of-work.ts';
import { queueWelcomeMail } from '../../core/welcome-mail.ts';

/** POST auth/register's body, mobile numbers checked by the complete numbering plan. */
export const registerBody = registerBodyWith(phoneNumbering);
export type RegisterInput = z.output<typeof registerBody>;
export type Registered = {
  memberId: string;
  referralCode: string;
  name: string;
  email: string;
  /** The verification code's mail, to send once committed. */
  mailId: string;
  /** The welcome mail with the Registered ID and the sign-in link, sent after the code's. */
  welcomeMailId: string;
};

/** What the welcome mail needs from the configuration. */
export type WelcomeSettings = { publicUrl: string; siteName: string };

const UNIQUE_VIOLATION = '23505';

/**
 * Lets a registration through: past `perAddress` from one address in an hour (or always, when
 * an operator set it so), only with a solved proof-of-work (decision 0050). Counted before the
 * registration, whatever comes of it, so a bot trying emails pays as one registering.
 */
export const admitRegistration = (
  db: Db,
  request: { ip: string; proofOfWork: string | undefined },
  options: { perAddress: number; key: Buffer | null },
  now: Date,
) =>
  admitByVolume(
    db,
    {
      key: `register:ip:${request.ip}`,
      perAddress: options.perAddress,
      proofOfWorkKey: options.key,
      payload: request.proofOfWork,
    },
    now,
  );

/**
 * Creates the member under an existing, active sponsor: the member row, their place in the
 * referral tree, their wallets, a welcome notification and an email-verification code, all in
 * one transaction, with the code's mail and the welcome mail in the outbox. The caller sends
 * them after commit, the code's first.
 */
export async function registerMember(
  db: Db,
  input: RegisterInput,
  now: Date,
  welcome: WelcomeSettings,
): Promise<Registered> {
  refuseCommonPassword('password', input.password);
  const [passwordHash, plan] = await Promise.all([
    hashPassword(input.password),
    loadCurrentPlan(db),
  ]);
  for (let attempt = 0; ; attempt++) {
    try {
      return await withTransaction(db, (tx) =>
        insertMember(
          tx,
          input,
          { passwordHash, referralCode: createReferralCode(), plan, welcome },
          now,
        ),
      );
    } catch (error) {
      // A collision of the random code (1 in 8e11) is retried with a new one; a taken email is the member's.
      if (constraintOf(error) === 'members_referral_code_key' && attempt < 3) continue;
      if (constraintOf(error) === 'members_email_key') throw emailTaken();
      throw error;
    }
  }
}

async function insertMember(
  tx: Executor,
  input: RegisterInput,
  {
    passwordHash,
    referralCode,
    plan,
    welcome,
  }: { passwordHash: string; referralCode: string; plan: Plan; welcome: WelcomeSettings },
  now: Date,
): Promise<Registered> {
  const sponsor = await findActiveSponsor(tx, input.referralCode);
  if (!sponsor) throw fieldError('referralCode', `${labels.referralCode} does not exist`);
  const taken = await queryRows(tx, sql`select 1 from members where email = ${input.email}`);
  if (taken.length > 0) throw emailTaken();

  const [member] = await tx
    .insert(members)
    .values({
      referralCode,
      sponsorId: sponsor.id,
      name: input.name,
      email: input.email,
      mobile: input.mobile_number,
      passwordHash,
      createdAt: now,
    })
    .returning({ id: members.id });
  if (!member) throw new Error('member insert returned no row');

  await joinTeam(tx, { memberId: member.id, sponsorId: sponsor.id, joinedAt: now }, plan);
  await openMemberAccounts(tx, member.id, now);
  await notifyMember(
    tx,
    member.id,
    `Welcome ${input.name}! Your Registered ID is ${referralCode}.`,
    now,
  );
  const { mailId } = await issueOtp(tx, {
    memberId: member.id,
    email: input.email,
    purpose: 'verify-email',
    now,
  });
  const welcomeMailId = await queueWelcomeMail(
    tx,
    { to: input.email, name: input.name, referralCode, ...welcome },
    now,
  );
  return {
    memberId: member.id,
    referralCode,
    name: input.name,
    email: input.email,
    mailId,
    welcomeMailId,
  };
}

export async function findActiveSponsor(
  db: Executor,
  referralCode: string,
): Promise<{ id: string; name: string } | null> {
  const result = await queryRows<{ id: string; name: string }>(
    db,
    sql`
    select id, name from members where referral_code = ${referralCode} and status = 'active'`,
  );
  return result[0] ?? null;
}

const emailTaken = () => fieldError('email', `${labels.email} is already registered`);

function constraintOf(error: unknown): string | undefined {
  for (
    let current = error;
    current && typeof current === 'object';
    current = (current as { cause?: unknown }).cause
  ) {
    const candidate = current as { code?: string; constraint?: string };
    if (candidate.code === UNIQUE_VIOLATION) return candidate.constraint;
  }
  return undefined;
}
