import { sql } from 'drizzle-orm';
import { NOTIFICATION_LINKS } from '@app/contracts';
import { queryRows, type Db, type Executor, type Tx } from '../db/client.ts';
import { setLocalJobLimits, type JobLimits } from '../db/statement-limits.ts';
import { DAY_MS } from '../lib/clock.ts';
import { addDays, businessDaySql, dayStartSql, loadCurrentPlan } from '../core/plan.ts';
import { claimPeriod, duePeriods, finishPeriod } from '../core/job-runs.ts';
import { notifyMember } from '../core/notifications.ts';
import {
  incomeDigestMail,
  packageEndedMail,
  type DigestKind,
} from '../core/mail-outbox/event-mails.ts';
import { queueMemberEventMail, type MailSite } from '../core/mail-outbox/member-event-mail.ts';

// The daily run of the member mails that have no request of their own (decision 0053): a
// package ends by date, with no event, and the income digest sums a business day. Each mail is
// written at most once whatever instance runs and however often: its key in mail_once_keys is
// inserted in the transaction that writes the mail, and a key already there skips it.

export const MEMBER_MAILS_JOB = 'member-mails';
/** Business days a run catches up after an outage (each one's digest covers the day before). */
const CATCH_UP_DAYS = 7;
/** Packages that ended this long ago at most are still told about (not years of history). */
const ENDED_WINDOW_MS = 7 * DAY_MS;
/**
 * How long a mail_once_keys row can still be asked about: a package is looked at until a week
 * after it ended, a digest's day until the catch-up has passed it. The retention run keeps the
 * keys twice that long.
 */
export const MAIL_ONCE_KEY_USEFUL_MS = Math.max(ENDED_WINDOW_MS, (CATCH_UP_DAYS + 1) * DAY_MS);

export type MemberMailRunOptions = {
  site: MailSite;
  signal?: AbortSignal;
  /** The scheduled runs' lock and statement timeouts for each transaction (decision 0039). */
  limits?: JobLimits;
};

export type MemberMailReport = { days: string[]; packagesEnded: number; digests: number };

/**
 * Tells members about the packages that ended (once per package) and sends each business day's
 * income digest (once per member and day), for the business days due: today's period claims the
 * digest of yesterday. Mails of members who turned the kind off are not written.
 */
export async function runMemberMails(
  db: Db,
  now: Date,
  options: MemberMailRunOptions,
): Promise<MemberMailReport> {
  const { timeZone } = (await loadCurrentPlan(db)).settings;
  const [today] = await queryRows<{ day: string }>(
    db,
    sql`select (${businessDaySql(now, timeZone)})::text as day`,
  );
  const report: MemberMailReport = { days: [], packagesEnded: 0, digests: 0 };
  report.packagesEnded = await mailEndedPackages(db, now, options);
  const days = await duePeriods(db, MEMBER_MAILS_JOB, today!.day, {
    step: addDays,
    catchUp: CATCH_UP_DAYS,
  });
  for (const day of days) {
    if (options.signal?.aborted) break;
    if (!(await claimPeriod(db, MEMBER_MAILS_JOB, day, now))) continue;
    const digests = await mailIncomeDigests(db, addDays(day, -1), timeZone, now, options);
    if (digests === null) break;
    await finishPeriod(db, MEMBER_MAILS_JOB, day, { digests }, now);
    report.days.push(day);
    report.digests += digests;
  }
  return report;
}

/** The key and the mail commit together or not at all, under the runs' limits when given. */
function inTransaction<T>(
  db: Db,
  limits: JobLimits | undefined,
  fn: (tx: Tx) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    if (limits) await setLocalJobLimits(tx, limits);
    return fn(tx);
  });
}

/** Claims a mail's key; false when it was claimed already (the mail was written then). */
async function claimOnce(tx: Executor, key: string, now: Date): Promise<boolean> {
  const rows = await queryRows<{ key: string }>(
    tx,
    sql`insert into mail_once_keys (key, created_at) values (${key}, ${now.toISOString()}::timestamptz)
        on conflict do nothing returning key`,
  );
  return rows.length > 0;
}

/** Packages whose end has passed (within the window) and were not told about yet. */
async function mailEndedPackages(
  db: Db,
  now: Date,
  options: MemberMailRunOptions,
): Promise<number> {
  const since = new Date(now.getTime() - ENDED_WINDOW_MS);
  const ended = await queryRows<{ id: string; member_id: string; name: string; amount: string }>(
    db,
    sql`select mp.id, mp.member_id, p.name, mp.amount::text as amount
          from member_packages mp join packages p on p.id = mp.package_id
         where mp.ends_at <= ${now.toISOString()}::timestamptz
           and mp.ends_at > ${since.toISOString()}::timestamptz
           and not exists (select 1 from mail_once_keys k where k.key = 'package-ended:' || mp.id)
         order by mp.ends_at, mp.id`,
  );
  let told = 0;
  for (const row of ended) {
    if (options.signal?.aborted) break;
    const amount = BigInt(row.amount);
    const fresh = await inTransaction(db, options.limits, async (tx) => {
      if (!(await claimOnce(tx, `package-ended:${row.id}`, now))) return false;
      const mail = packageEndedMail(row.name, amount);
      await notifyMember(tx, row.member_id, mail.subject, now, {
        kind: 'money',
        link: NOTIFICATION_LINKS.investments,
      });
      await queueMemberEventMail(tx, row.member_id, 'package-ended', mail, options.site, now);
      return true;
    });
    if (fresh) told += 1;
  }
  return told;
}

/**
 * One digest per member with income credited on `day` (within the business day): the team
 * incomes by their paid_at, and the compounding income by when the run credited it (a day's
 * income is credited after that day ends), the totals per kind and their sum. Claimed profit is
 * not in it: the member asked for it. Null when stopped (the period stays claimed and resumes).
 */
async function mailIncomeDigests(
  db: Db,
  day: string,
  timeZone: string,
  now: Date,
  options: MemberMailRunOptions,
): Promise<number | null> {
  const from = dayStartSql(sql`${day}::date`, timeZone);
  const until = dayStartSql(sql`${day}::date + 1`, timeZone);
  const rows = await queryRows<{ member_id: string; kind: DigestKind; amount: string }>(
    db,
    sql`select member_id, kind, amount from (
          select i.member_id, i.kind::text as kind, sum(i.paid_amount)::text as amount
            from incomes i
           where i.status = 'paid' and i.paid_at >= ${from} and i.paid_at < ${until}
           group by i.member_id, i.kind
          union all
          select c.member_id, 'compounding-income', sum(c.amount)::text
            from compounding_incomes c
           where c.amount > 0 and c.created_at >= ${from} and c.created_at < ${until}
           group by c.member_id
        ) credited
        order by member_id, kind`,
  );
  const byMember = new Map<string, { kind: DigestKind; amount: bigint }[]>();
  for (const row of rows) {
    const totals = byMember.get(row.member_id) ?? [];
    totals.push({ kind: row.kind, amount: BigInt(row.amount) });
    byMember.set(row.member_id, totals);
  }
  let sent = 0;
  for (const [memberId, totals] of byMember) {
    if (options.signal?.aborted) return null;
    const written = await inTransaction(db, options.limits, async (tx) => {
      if (!(await claimOnce(tx, `income-digest:${memberId}:${day}`, now))) return false;
      const mail = incomeDigestMail(day, totals);
      const id = await queueMemberEventMail(tx, memberId, 'income-digest', mail, options.site, now);
      return id !== null;
    });
    if (written) sent += 1;
  }
  return sent;
}
