import type { Db, Executor } from '../db/client.ts';
import {
  getHouseAccountIds,
  getMemberAccountIds,
  type HouseAccountIds,
  type MemberAccountIds,
} from '../ledger/index.ts';

// Account ids can be cached without ever going stale: the ledger forbids changing an account's
// id, member or kind, and accounts are never deleted (LG004). Each lookup saved is a round trip
// off the buy and claim paths.

const houses = new WeakMap<Db, Promise<HouseAccountIds>>();

export function houseAccountIds(db: Db): Promise<HouseAccountIds> {
  let ids = houses.get(db);
  if (!ids) {
    ids = getHouseAccountIds(db);
    houses.set(db, ids);
    ids.catch(() => houses.delete(db));
  }
  return ids;
}

/** Bounded: the least recently used member is dropped first (a Map iterates in insertion order). */
const MEMBER_CACHE_SIZE = 20_000;
const members = new WeakMap<Db, Map<string, MemberAccountIds>>();

/** The member's wallets; `executor` runs the lookup on a miss (e.g. the caller's transaction). */
export async function memberAccountIds(
  db: Db,
  executor: Executor,
  memberId: string,
): Promise<MemberAccountIds> {
  let cache = members.get(db);
  if (!cache) members.set(db, (cache = new Map()));
  const cached = cache.get(memberId);
  if (cached) {
    cache.delete(memberId);
    cache.set(memberId, cached);
    return cached;
  }
  const ids = await getMemberAccountIds(executor, memberId);
  if (!ids) throw new Error(`member ${memberId} has no wallets`);
  cache.set(memberId, ids);
  if (cache.size > MEMBER_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  return ids;
}
