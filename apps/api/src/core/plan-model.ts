import { applyRate, type IncomeKind } from '@app/contracts';
import type { PlanSettings } from './plan.ts';

// The compensation plan as a plain simulation, written from its definition rather than from the
// SQL that pays it: members join, buy and claim, weeks and months end, pending incomes are
// settled. The property tests hold the database to it, micro-dollar for micro-dollar, and the
// operator's preview runs a sample team through it under two plans. Business days are UTC days.

export type ModelEvent =
  | { type: 'join'; member: string; sponsor: string | null; at: Date }
  | { type: 'buy'; member: string; amount: bigint; dailyRate: number; totalDays: number; at: Date }
  | { type: 'claim'; member: string; at: Date }
  /** The end of members' activity up to `at` is taken into account (the expiry run). */
  | { type: 'expire'; at: Date }
  | { type: 'weekly'; weekStart: string; at: Date }
  | { type: 'monthly'; month: string; at: Date }
  | { type: 'settle'; at: Date };

export type ModelIncome = {
  member: string;
  kind: IncomeKind;
  status: 'pending' | 'paid' | 'not-paid';
  amount: bigint;
  paid: bigint;
  reason: 'no-active-package' | 'level-locked' | 'income-cap' | null;
  level: number | null;
  source: string | null;
};

type Purchase = {
  amount: bigint;
  daily: bigint;
  totalDays: number;
  startDay: string;
  settled: number;
  ends: number;
};
type Member = {
  id: string;
  order: number;
  sponsor: string | null;
  purchases: Purchase[];
  countedActive: boolean;
  rank: string | null;
  reached: Set<string>;
  counted: bigint;
};

const DAY_MS = 86_400_000;
const dayOf = (at: number) => new Date(at).toISOString().slice(0, 10);
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const startOf = (day: string) => Date.parse(`${day}T00:00:00Z`);
const weekStartOf = (day: string) => {
  const date = new Date(`${day}T00:00:00Z`);
  return dayOf(date.getTime() - ((date.getUTCDay() + 6) % 7) * DAY_MS);
};

export class PlanModel {
  readonly incomes: ModelIncome[] = [];
  /** Claimed daily profit (trade income) per member. */
  readonly trade = new Map<string, bigint>();
  private readonly members = new Map<string, Member>();
  private readonly rankHistory: { member: string; rank: string | null; at: number }[] = [];
  /** Purchases with their business day, for the weekly business. */
  private readonly purchaseLog: { member: string; amount: bigint; day: string }[] = [];

  constructor(private readonly plan: PlanSettings) {}

  apply(event: ModelEvent): void {
    const at = event.at.getTime();
    if (event.type === 'join') this.join(event.member, event.sponsor);
    else if (event.type === 'buy') this.buy(event, at);
    else if (event.type === 'claim') this.claim(event.member, at);
    else if (event.type === 'expire') this.expire(at);
    else if (event.type === 'weekly') this.weekly(event.weekStart);
    else if (event.type === 'monthly') this.monthly(event.month);
    else this.settle(at);
  }

  private member(id: string): Member {
    const member = this.members.get(id);
    if (!member) throw new Error(`model: unknown member ${id}`);
    return member;
  }

  /** The 10 members above `id`, nearest first. */
  private upline(id: string): Member[] {
    const chain: Member[] = [];
    for (let sponsor = this.member(id).sponsor; sponsor && chain.length < 10;) {
      const next = this.member(sponsor);
      chain.push(next);
      sponsor = next.sponsor;
    }
    return chain;
  }

  private activeUntil = (member: Member) =>
    Math.max(-Infinity, ...member.purchases.map((p) => p.ends));

  private activeDirects(id: string, at: number): number {
    return [...this.members.values()].filter(
      (member) => member.sponsor === id && this.activeUntil(member) > at,
    ).length;
  }

  /** Purchases by the 10 levels below `id`, lifetime. */
  private teamBusiness(id: string): bigint {
    return this.purchaseLog
      .filter((purchase) => this.upline(purchase.member).some((member) => member.id === id))
      .reduce((sum, purchase) => sum + purchase.amount, 0n);
  }

  private join(id: string, sponsor: string | null): void {
    const order = this.members.size;
    this.members.set(id, {
      id,
      order,
      sponsor,
      purchases: [],
      countedActive: false,
      rank: null,
      reached: new Set(),
      counted: 0n,
    });
  }

  private buy(event: Extract<ModelEvent, { type: 'buy' }>, at: number): void {
    const buyer = this.member(event.member);
    const startDay = dayOf(at);
    const ends = startOf(startDay) + (event.totalDays + 1) * DAY_MS;
    buyer.purchases.push({
      amount: event.amount,
      daily: applyRate(event.amount, BigInt(event.dailyRate)),
      totalDays: event.totalDays,
      startDay,
      settled: 0,
      ends,
    });
    buyer.countedActive = true;
    this.purchaseLog.push({ member: buyer.id, amount: event.amount, day: startDay });
    this.fanOut(
      buyer.id,
      event.amount,
      at,
      (level) => (level === 1 ? 'referral-bonus' : 'team-level-bonus'),
      this.plan.purchaseRates,
    );
    for (const member of this.upline(buyer.id)) this.updateRank(member, at);
  }

  private claim(id: string, at: number): void {
    const member = this.member(id);
    const today = dayNumber(dayOf(at));
    let total = 0n;
    for (const purchase of member.purchases) {
      const accrued = Math.min(purchase.totalDays, today - dayNumber(purchase.startDay));
      if (accrued > purchase.settled) {
        total += BigInt(accrued - purchase.settled) * purchase.daily;
        purchase.settled = accrued;
      }
    }
    if (total === 0n) return;
    this.trade.set(id, (this.trade.get(id) ?? 0n) + total);
    this.fanOut(id, total, at, () => 'team-profit', this.plan.teamProfitRates);
  }

  private fanOut(
    source: string,
    base: bigint,
    at: number,
    kindOf: (level: number) => IncomeKind,
    rates: number[],
  ): void {
    this.upline(source).forEach((earner, index) => {
      const level = index + 1;
      const rate = rates[index] ?? 0;
      const amount = applyRate(base, BigInt(rate));
      if (rate === 0 || amount === 0n) return;
      const active = this.activeUntil(earner) > at;
      const locked = this.activeDirects(earner.id, at) < (this.plan.directsRequired[index] ?? 0);
      const reason = !active ? 'no-active-package' : locked ? 'level-locked' : null;
      this.record({ member: earner.id, kind: kindOf(level), amount, reason, level, source });
    });
  }

  private record(income: Omit<ModelIncome, 'status' | 'paid'>): void {
    this.incomes.push({ ...income, status: income.reason ? 'not-paid' : 'pending', paid: 0n });
  }

  private updateRank(member: Member, at: number): void {
    const business = this.teamBusiness(member.id);
    const directs = this.activeDirects(member.id, at);
    const { ranks } = this.plan;
    let held = -1;
    ranks.forEach((rank, index) => {
      if (business >= rank.teamBusiness && directs >= rank.activeDirects) held = index;
    });
    const name = held < 0 ? null : ranks[held]!.name;
    if (name !== member.rank) {
      member.rank = name;
      this.rankHistory.push({ member: member.id, rank: name, at });
    }
    for (const rank of ranks.slice(0, held + 1)) {
      if (member.reached.has(rank.name)) continue;
      member.reached.add(rank.name);
      if (rank.reward > 0n)
        this.record({
          member: member.id,
          kind: 'reward',
          amount: rank.reward,
          reason: null,
          level: null,
          source: null,
        });
    }
  }

  private expire(at: number): void {
    const ended = [...this.members.values()]
      .filter((member) => member.countedActive && this.activeUntil(member) <= at)
      .sort((a, b) => this.activeUntil(a) - this.activeUntil(b) || (a.id < b.id ? -1 : 1));
    for (const member of ended) {
      member.countedActive = false;
      if (member.sponsor) this.updateRank(this.member(member.sponsor), this.activeUntil(member));
    }
  }

  private weekly(weekStart: string): void {
    const tiers = [...this.plan.weeklyTiers].reverse();
    for (const member of this.members.values()) {
      const business = this.purchaseLog
        .filter((p) => weekStartOf(p.day) === weekStart)
        .filter((p) => this.upline(p.member).some((up) => up.id === member.id))
        .reduce((sum, p) => sum + p.amount, 0n);
      const tier = tiers.find((item) => business >= item.fromBusiness);
      const amount = tier ? applyRate(business, BigInt(tier.rate)) : 0n;
      if (amount > 0n)
        this.record({
          member: member.id,
          kind: 'weekly-income',
          amount,
          reason: null,
          level: null,
          source: null,
        });
    }
  }

  private monthly(month: string): void {
    const [year, number] = month.split('-').map(Number) as [number, number];
    const end = Date.UTC(year, number, 1);
    for (const member of this.members.values()) {
      // The latest change before the end (a change found late, at an earlier instant, sorts first).
      const held = this.rankHistory
        .filter((change) => change.member === member.id && change.at < end)
        .sort((a, b) => a.at - b.at)
        .at(-1);
      const rank = this.plan.ranks.find((item) => item.name === held?.rank);
      if (rank && rank.monthlySalary > 0n)
        this.record({
          member: member.id,
          kind: 'monthly-income',
          amount: rank.monthlySalary,
          reason: null,
          level: null,
          source: null,
        });
    }
  }

  /** Credits every pending income: per member (in joining order) and kind, oldest first. */
  private settle(at: number): void {
    const pending = this.incomes.filter((income) => income.status === 'pending');
    const groups = new Map<string, ModelIncome[]>();
    for (const income of pending) {
      const key = `${String(this.member(income.member).order).padStart(9, '0')}:${income.kind}`;
      groups.set(key, [...(groups.get(key) ?? []), income]);
    }
    for (const key of [...groups.keys()].sort()) {
      const group = groups.get(key)!;
      const member = this.member(group[0]!.member);
      const total = group.reduce((sum, income) => sum + income.amount, 0n);
      let allowed = total;
      if (this.plan.incomeCapHundredths !== null) {
        const investment = member.purchases
          .filter((purchase) => purchase.ends > at)
          .reduce((sum, purchase) => sum + purchase.amount, 0n);
        const room = (investment * BigInt(this.plan.incomeCapHundredths)) / 100n - member.counted;
        allowed = room < 0n ? 0n : room < total ? room : total;
      }
      let left = allowed;
      for (const income of group) {
        income.paid = left < income.amount ? left : income.amount;
        left -= income.paid;
        income.status = income.paid > 0n ? 'paid' : 'not-paid';
        if (income.paid < income.amount) income.reason = 'income-cap';
      }
      member.counted += allowed;
    }
  }

  /** Income credited by member and kind, in micro-dollars. */
  paidByMember(): Map<string, Partial<Record<IncomeKind, bigint>>> {
    const totals = new Map<string, Partial<Record<IncomeKind, bigint>>>();
    for (const income of this.incomes) {
      if (income.paid === 0n) continue;
      const member = totals.get(income.member) ?? {};
      member[income.kind] = (member[income.kind] ?? 0n) + income.paid;
      totals.set(income.member, member);
    }
    return totals;
  }
}
