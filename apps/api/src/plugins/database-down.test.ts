import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database, Db } from '../db/client.ts';
import { freePort } from '../testing/api-processes.ts';
import { call } from '../testing/requests.ts';
import { createPgliteTestDatabase } from '../testing/database.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

// The API against a database that cannot serve it: a real node-postgres pool pointed at a port
// where nothing listens, at a socket that hangs up, at a server that answers the handshake with
// PostgreSQL's own refusals (starting up, shutting down), and a closed PGlite. Every member,
// operator and public request must answer 503 with Retry-After, never 500.

const A_TOKEN = 'a'.repeat(43);

const sockets = new Set<Socket>();

function listen(onConnection: (socket: Socket) => void): Promise<Server> {
  const server = createServer((socket) => {
    sockets.add(socket);
    onConnection(socket);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}
const portOf = (server: Server) => (server.address() as { port: number }).port;

/** The protocol's ErrorResponse: severity, SQLSTATE and message, as a server sends it. */
function errorResponse(code: string, message: string): Buffer {
  const fields = Buffer.from(`SFATAL\0VFATAL\0C${code}\0M${message}\0\0`);
  const header = Buffer.alloc(5);
  header.write('E');
  header.writeInt32BE(fields.length + 4, 1);
  return Buffer.concat([header, fields]);
}

function poolDatabase(port: number, options: pg.PoolConfig = {}): Database {
  const pool = new pg.Pool({
    connectionString: `postgres://app@127.0.0.1:${port}/invest`,
    ...options,
  });
  pool.on('error', () => undefined);
  const db = drizzle(pool) as unknown as Db;
  return {
    db,
    engine: 'postgres',
    requestRole: 'app',
    asOwner: (fn) => fn(db),
    close: () => pool.end(),
  };
}

async function expectUnavailable(t: TestApp) {
  const requests = [
    call(t.app, 'GET', 'health'),
    call(t.app, 'GET', 'auth/me', undefined, { token: A_TOKEN }),
    call(t.app, 'GET', 'auth/wallet-balance', undefined, { token: A_TOKEN }),
    call(t.app, 'POST', 'auth/login', { loginId: 'RTST2345', password: 'any-password-1' }),
    call(t.app, 'GET', 'operator/auth/me', undefined, { token: A_TOKEN }),
    call(t.app, 'POST', 'operator/auth/login', { email: 'boss@example.com', password: 'x' }),
  ];
  for (const response of await Promise.all(requests)) {
    expect(response.status).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.body).toMatchObject({ status: 'error', error: 'UNAVAILABLE' });
    expect(JSON.stringify(response.body)).not.toMatch(/ECONNREFUSED|terminated|57P0|select/i);
  }
}

describe('the database is down', () => {
  const servers: Server[] = [];
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    await t?.ctx.database.close();
    t = undefined;
  });
  afterAll(async () => {
    sockets.forEach((socket) => socket.destroy());
    for (const server of servers) await new Promise((resolve) => server.close(resolve));
  });

  it('answers 503 with Retry-After when the connection is refused', async () => {
    t = await createTestApp({ database: poolDatabase(await freePort()) });
    await expectUnavailable(t);
  });

  it('answers 503 when the server hangs up (connection terminated)', async () => {
    const server = await listen((socket) => socket.once('data', () => socket.destroy()));
    servers.push(server);
    t = await createTestApp({ database: poolDatabase(portOf(server)) });
    await expectUnavailable(t);
  });

  it('answers 503 when the server never answers and the pool gives up connecting', async () => {
    const server = await listen(() => undefined);
    servers.push(server);
    t = await createTestApp({
      database: poolDatabase(portOf(server), { connectionTimeoutMillis: 200 }),
    });
    await expectUnavailable(t);
  });

  it.each([
    ['57P03', 'the database system is starting up'],
    ['57P01', 'terminating connection due to administrator command'],
    ['53300', 'sorry, too many clients already'],
    ['08006', 'connection failure'],
    ['25P03', 'terminating connection due to idle-in-transaction timeout'],
    ['57P05', 'terminating connection due to idle-session timeout'],
  ])('answers 503 when the server refuses with %s', async (code, message) => {
    const server = await listen((socket) =>
      socket.once('data', () => socket.end(errorResponse(code, message))),
    );
    servers.push(server);
    t = await createTestApp({ database: poolDatabase(portOf(server)) });
    await expectUnavailable(t);
  });
});

describe('the embedded database is closed', () => {
  it('answers 503 with Retry-After', async () => {
    const database = await createPgliteTestDatabase();
    const t = await createTestApp({ database });
    await database.close();
    try {
      await expectUnavailable(t);
    } finally {
      await t.close();
    }
  });
});

describe('other failures are not 503', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      beforeReady: async (app) => {
        app.get('/test/missing-table', async () => {
          await app.ctx.database.db.execute('select * from no_such_table');
          return 'unreachable';
        });
        app.get('/test/nul-byte', async () => {
          const { sql } = await import('drizzle-orm');
          await app.ctx.database.db.execute(sql`select ${'a\u0000b'}::text as value`);
          return 'unreachable';
        });
      },
    });
  });
  afterAll(() => t.close());

  it('a query that is a bug stays a 500 with the request id', async () => {
    const response = await call(t.app, 'GET', '/test/missing-table');
    expect(response.status).toBe(500);
    expect(response.headers['retry-after']).toBeUndefined();
    expect(response.body).toMatchObject({ error: 'INTERNAL', requestId: expect.any(String) });
  });

  it('text PostgreSQL cannot store that slipped past a schema is a 400, not a 500', async () => {
    const response = await call(t.app, 'GET', '/test/nul-byte');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      status: 'error',
      message: 'The request contains characters that cannot be stored',
      error: 'BAD_REQUEST',
    });
  });
});
