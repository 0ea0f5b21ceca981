import { eq } from 'drizzle-orm';
import { formatAmount, NOTIFICATION_LINKS } from '@app/contracts';
import type { Executor } from '../../db/client.ts';
import { members } from '../../db/schema/members.ts';
import { queueMail } from '../mail-outbox/queue-mail.ts';
import { screenLink } from '../mail-outbox/member-event-mail.ts';
import { notifyMember } from '../notifications.ts';

// Telling the member about their request to close the account (decision 0060): in the app and
// by a mail that always goes (it concerns the account, like a security notice), written in the
// transaction of the event so it exists if and only if the event does.

export type ClosureEvent =
  | { kind: 'received'; givenUpProfit: bigint }
  | { kind: 'cancelled' }
  | { kind: 'refused'; reason: string }
  | { kind: 'confirmed'; retentionDays: number };

type Wording = { notice: string; subject: string; body: string[] } | { notice: string };

function wordingOf(event: ClosureEvent): Wording {
  switch (event.kind) {
    case 'received':
      return {
        notice: 'We received your request to close your account; an operator will confirm it',
        subject: 'We received your request to close your account',
        body: [
          'An operator will look at it and confirm it. Until then you can use your account as before, and cancel the request from your profile.',
          ...(event.givenUpProfit > 0n
            ? [
                `Once it is closed, your active packages pay nothing more: ${formatAmount(event.givenUpProfit)} of profit still to come is given up.`,
              ]
            : []),
          'If this was not you, cancel the request, change your password and contact support.',
        ],
      };
    case 'cancelled':
      return { notice: 'You cancelled your request to close your account' };
    case 'refused':
      return {
        notice: `Your request to close your account was refused: ${event.reason}`,
        subject: 'Your account was not closed',
        body: [`An operator did not close your account, for this reason: ${event.reason}`],
      };
    case 'confirmed':
      return {
        notice: 'Your account is closed',
        subject: 'Your account is closed',
        body: [
          'Your account is closed as you asked: you can no longer sign in, and this cannot be undone.',
          `In ${event.retentionDays} days we erase your personal data: your name, email address, mobile number, payout address, identity documents and the images you sent to support.`,
          'The records of your money (deposits, withdrawals, packages and incomes) stay in our books under your Registered ID, without your name, so that our accounts still add up; your place in your team stays too.',
        ],
      };
  }
}

/** The notification, and the mail when the event has one; returns the mail's id to send. */
export async function tellClosure(
  tx: Executor,
  memberId: string,
  event: ClosureEvent,
  publicUrl: string,
  now: Date,
): Promise<string | null> {
  const text = wordingOf(event);
  await notifyMember(tx, memberId, text.notice, now, {
    kind: 'security',
    link: NOTIFICATION_LINKS.profile,
  });
  if (!('subject' in text)) return null;
  const [member] = await tx
    .select({ email: members.email })
    .from(members)
    .where(eq(members.id, memberId));
  if (!member) return null;
  const link =
    event.kind === 'confirmed' ? [] : [screenLink(publicUrl, NOTIFICATION_LINKS.profile)];
  return queueMail(
    tx,
    {
      kind: `account-closure-${event.kind}`,
      to: member.email,
      subject: text.subject,
      text: [...text.body, ...link].join('\n'),
    },
    now,
  );
}
