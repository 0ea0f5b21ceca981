import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Tx } from './client.ts';

// The request role (decision 0030): the PostgreSQL role the API serves requests and runs its jobs
// as. It reads the ledger's tables but cannot write them; the ledger's SECURITY DEFINER functions,
// owned by the role that migrates, are the only writers.

export type RequestRole = {
  name: string;
  /** Null: no password (the server trusts local connections, or the operator manages it). */
  password: string | null;
  /** True when the migrator creates it if missing; false when the operator made it (two URLs). */
  derived: boolean;
};

/** A start that cannot get a request role, said in one line. */
export class RequestRoleUnavailable extends Error {}

export const GRANTS_FILE = fileURLToPath(
  new URL('./roles/request-role-grants.sql', import.meta.url),
);

/**
 * The role an owner's single URL implies: `<owner>_request`, one name per owner on the cluster
 * (roles are cluster-wide; each database grants it its own rights), so a pooler's user list can
 * name it ahead of time. Its password is an HMAC of the owner's, so every instance given the
 * same URL agrees without storing anything; none when the owner has none.
 */
export function derivedRequestRole(ownerUser: string, ownerPassword: string | null): RequestRole {
  return {
    name: `${ownerUser}_request`.slice(0, 63),
    password: ownerPassword
      ? createHmac('sha256', ownerPassword).update('member-invest request role').digest('base64url')
      : null,
    derived: true,
  };
}

/** The request role of a URL: its user, with the password it carries; or derived from the owner's. */
export function requestConnection(
  ownerUrl: string,
  requestUrl?: string,
): { url: string; role: RequestRole } {
  if (requestUrl) {
    const url = new URL(requestUrl);
    const name = decodeURIComponent(url.username);
    if (!name) throw new RequestRoleUnavailable('DATABASE_REQUEST_URL must name its user');
    return { url: requestUrl, role: { name, password: null, derived: false } };
  }
  const url = new URL(ownerUrl);
  const role = derivedRequestRole(
    decodeURIComponent(url.username || 'postgres'),
    url.password ? decodeURIComponent(url.password) : null,
  );
  url.username = encodeURIComponent(role.name);
  url.password = role.password ? encodeURIComponent(role.password) : '';
  return { url: url.toString(), role };
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
const quoteLiteral = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * Inside the migrator's transaction: creates a derived role when missing, then grants it what
 * requests need (roles/request-role-grants.sql), every start, so new tables are covered.
 */
export async function grantRequestRole(
  tx: Tx,
  role: RequestRole,
  grantsFile = GRANTS_FILE,
): Promise<void> {
  const rows = (await tx.execute(sql`
    select exists (select 1 from pg_roles where rolname = ${role.name}) as present,
      (select rolsuper or rolcreaterole from pg_roles where rolname = current_user) as may_create,
      current_user as owner`)) as unknown as {
    rows: { present: boolean; may_create: boolean; owner: string }[];
  };
  const { present, may_create: mayCreate, owner } = rows.rows[0]!;
  if (!present && (!role.derived || !mayCreate)) {
    throw new RequestRoleUnavailable(
      role.derived
        ? `Start refused: the database user ${owner} may not create the role ${role.name} that requests run as; create a LOGIN role for requests and set DATABASE_REQUEST_URL to connect as it (docs/operations.md)`
        : `Start refused: the role ${role.name} of DATABASE_REQUEST_URL does not exist`,
    );
  }
  if (!present) {
    // Several databases of one cluster (one test server, or several apps) may create it at the
    // same moment: the loser's unique violation means the role is there, which is all we need.
    const password = role.password ? ` PASSWORD ${quoteLiteral(role.password)}` : '';
    await tx.execute(
      sql.raw(`DO $create$ BEGIN
        CREATE ROLE ${quoteIdent(role.name)} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOINHERIT${password};
      EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
      END $create$`),
    );
  }
  await tx.execute(sql`select set_config('member_invest.request_role', ${role.name}, true)`);
  await tx.execute(sql.raw(readFileSync(grantsFile, 'utf8')));
}

/**
 * Sets a derived role's password to what the owner's URL implies now, after the role failed to
 * sign in (the owner's password changed since the role was made). Under the migrator's lock, so
 * instances starting together on this database do it one at a time.
 */
export async function resetRequestRolePassword(
  owner: { transaction: <T>(fn: (tx: Tx) => Promise<T>) => Promise<T> },
  role: RequestRole,
  lockKey: number,
): Promise<void> {
  await owner.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${lockKey})`);
    const password = role.password ? `PASSWORD ${quoteLiteral(role.password)}` : 'PASSWORD NULL';
    await tx.execute(sql.raw(`ALTER ROLE ${quoteIdent(role.name)} ${password}`));
  });
}

/**
 * One query as the request role at start, so a role that cannot sign in stops it in one line. A
 * derived role refused for its password (28P01: the owner's password changed since the role was
 * made) gets the password the owner's implies now, once.
 */
export async function signInAsRequestRole(
  pool: { query: (text: string) => Promise<unknown> },
  role: RequestRole,
  resetPassword: () => Promise<void>,
): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await pool.query('select 1');
      return;
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (attempt === 1 && role.derived && code === '28P01') {
        await resetPassword();
        continue;
      }
      const reason = error instanceof Error ? error.message : String(error);
      throw new RequestRoleUnavailable(
        `Start refused: the request role ${role.name} cannot connect (${reason}); see docs/operations.md`,
      );
    }
  }
}
