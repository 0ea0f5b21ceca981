import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { withTransaction } from '../ledger/transaction.ts';
import { expectRefused, selectRows } from './ledger-refusals.ts';
import { insertFundedLedgerMember } from './ledger-assertions.ts';

// The ledger confined by the database (decision 0030), checked the same way on PGlite and on a
// server (straight, and through PgBouncer in transaction mode): through the connection the app
// serves requests with, every direct write to the ledger's tables is refused for want of the
// right (SQLSTATE 42501), however it is dressed up, and changes nothing.

const LEDGER_TABLES = ['accounts', 'transfers', 'postings', 'holds'] as const;
const denied = { code: '42501' };

/** One statement of each kind per ledger table, as a request could send it. */
function directWrites(accountId: bigint): [string, SQL][] {
  return LEDGER_TABLES.flatMap((table): [string, SQL][] => [
    [`insert into ${table}`, insertInto(table, accountId)],
    [`update ${table}`, sql.raw(`update ${table} set created_at = created_at`)],
    [`delete from ${table}`, sql.raw(`delete from ${table}`)],
    [`truncate ${table}`, sql.raw(`truncate ${table}`)],
  ]);
}

function insertInto(table: (typeof LEDGER_TABLES)[number], accountId: bigint): SQL {
  switch (table) {
    case 'accounts':
      return sql`insert into accounts (kind, created_at) values ('house:forged', now())`;
    case 'transfers':
      return sql`insert into transfers (reference, kind, created_at) values ('forged', 'test', now())`;
    case 'postings':
      return sql`insert into postings (transfer_id, account_id, amount, created_at)
        select id, ${accountId}, 1, now() from transfers limit 1`;
    case 'holds':
      return sql`insert into holds (account_id, amount, reference, status, created_at)
        values (${accountId}, 1, 'forged', 'pending', now())`;
  }
}

export function requestRoleRefusals(
  open: () => Promise<Database>,
  options: { roleIsFinal: boolean },
): void {
  let database: Database;
  let fund: bigint;

  beforeAll(async () => {
    database = await open();
    // Set up through the ledger's functions, as the app does: money exists to be forged.
    ({
      accounts: { fund },
    } = await insertFundedLedgerMember(database.db, 5_000_000n));
  });
  afterAll(() => database.close());

  it('refuses every direct insert, update, delete and truncate of the ledger tables', async () => {
    for (const [what, statement] of directWrites(fund)) {
      await expectRefused(database.db, statement, denied).catch((error: unknown) => {
        throw new Error(`${what}: ${String(error)}`);
      });
    }
  });

  it('refuses the same writes from a PL/pgSQL block or a function the role makes itself', async () => {
    const forge = `update accounts set balance = balance + 1000000 where id = ${fund}`;
    await expectRefused(database.db, sql.raw(`do $$ begin ${forge}; end $$`), denied);
    // No schema of the app's accepts its objects...
    await expectRefused(
      database.db,
      sql.raw(
        `create function public.forge() returns void language plpgsql as $$ begin ${forge}; end $$`,
      ),
      denied,
    );
    // ...and what it may create (a temporary function) runs with its own rights. One
    // transaction, since a pooler in transaction mode keeps nothing between two.
    await expectRefused(
      database.db,
      () =>
        withTransaction(database.db, async (tx) => {
          await tx.execute(
            sql.raw(
              `create function pg_temp.forge() returns void language plpgsql as $$ begin ${forge}; end $$`,
            ),
          );
          await tx.execute(sql`select pg_temp.forge()`);
        }),
      denied,
    );
    await expectRefused(database.db, sql`alter table accounts disable trigger user`, denied);
  });

  // On PGlite the one connection signed in as the owner and only acts as the request role, so a
  // RESET ROLE would escape (decision 0030); a server's request connections log in as it.
  it.runIf(options.roleIsFinal)('cannot become the owner', async () => {
    const owner = await database.asOwner(async (db) => {
      const [row] = await selectRows(db, sql`select current_user as name`);
      return String(row?.name);
    });
    await expectRefused(
      database.db,
      () => withTransaction(database.db, (tx) => tx.execute(sql.raw(`set local role "${owner}"`))),
      denied,
    );
  });

  it('lets only the ledger functions write, as their owner and with a fixed search_path', async () => {
    const rows = await selectRows(
      database.db,
      sql`select p.proname as name, p.prosecdef as definer, p.proconfig as config
        from pg_proc p where p.pronamespace = 'public'::regnamespace and p.prosecdef
        order by 1`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(String(row.name), 'only the ledger writes as the owner').toMatch(/^ledger_/);
      expect(row.config, String(row.name)).toEqual(['search_path=public, pg_temp']);
    }
  });
}
