import { eq, sql } from 'drizzle-orm';
import { MEMBER_MAIL_KINDS, type MailPreference, type MemberMailKind } from '@app/contracts';
import { queryRows, type Executor } from '../../db/client.ts';
import { memberMailPreferences } from '../../db/schema/mail.ts';

/** What a member-event mail needs from the configuration: PUBLIC_URL, the base of its link. */
export type MailSite = {
  publicUrl: string;
  /**
   * Where the ids of the mails written are collected, for the route's prompt send after the
   * commit (an id of a rolled-back attempt finds no row there); the sender loop sends the rest.
   */
  written?: string[];
};

/** A request's mail site: PUBLIC_URL and an empty list of the mails it writes. */
export const requestMailSite = (publicUrl: string) => ({ publicUrl, written: [] as string[] });

export type MemberEventMail = {
  subject: string;
  /** The sentences; the link to the screen is added as the last line. */
  lines: readonly string[];
  /** The in-app path that shows what happened (a NOTIFICATION_LINKS path). */
  path: string;
};

/** PUBLIC_URL + path. */
export function screenLink(publicUrl: string, path: string): string {
  return new URL(path.replace(/^\//, ''), `${publicUrl.replace(/\/$/, '')}/`).toString();
}

/**
 * Writes a member-event mail (decision 0053) to the outbox in the caller's transaction, so it goes
 * out if and only if the event commits, unless the member turned that kind off. One statement:
 * the member's address and preference are read where the row is written. Returns the mail's id,
 * or null when the member's preference is off.
 */
export async function queueMemberEventMail(
  tx: Executor,
  memberId: string,
  kind: MemberMailKind,
  mail: MemberEventMail,
  site: MailSite,
  now: Date,
): Promise<string | null> {
  const text = [...mail.lines, screenLink(site.publicUrl, mail.path)].join('\n');
  const at = now.toISOString();
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`insert into mail_outbox (kind, recipient, subject, body, next_attempt_at, created_at)
        select ${`member:${kind}`}, m.email, ${mail.subject}, ${text}, ${at}::timestamptz, ${at}::timestamptz
          from members m
         where m.id = ${memberId}
           and not exists (select 1 from member_mail_preferences p
                            where p.member_id = m.id and p.kind = ${kind} and not p.enabled)
        returning id`,
  );
  if (row) site.written?.push(row.id);
  return row?.id ?? null;
}

/** Every kind with the member's setting, on when never changed, in MEMBER_MAIL_KINDS order. */
export async function readMailPreferences(
  db: Executor,
  memberId: string,
): Promise<MailPreference[]> {
  const rows = await db
    .select({ kind: memberMailPreferences.kind, enabled: memberMailPreferences.enabled })
    .from(memberMailPreferences)
    .where(eq(memberMailPreferences.memberId, memberId));
  const set = new Map(rows.map((row) => [row.kind, row.enabled]));
  return MEMBER_MAIL_KINDS.map((kind) => ({ kind, enabled: set.get(kind) ?? true }));
}

/** Sets the named kinds; the others keep their setting. */
export async function writeMailPreferences(
  db: Executor,
  memberId: string,
  preferences: readonly MailPreference[],
  now: Date,
): Promise<void> {
  for (const { kind, enabled } of preferences)
    await db
      .insert(memberMailPreferences)
      .values({ memberId, kind, enabled, updatedAt: now })
      .onConflictDoUpdate({
        target: [memberMailPreferences.memberId, memberMailPreferences.kind],
        set: { enabled, updatedAt: now },
      });
}
