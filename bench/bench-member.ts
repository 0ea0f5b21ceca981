// What the bench servers and the benches that start them share: the app listening on a free
// 127.0.0.1 port with one root member signed in through the API (the server prints its port and
// token as "READY <port> <token>"), the stop on a signal, and the wait for that line.
import type { ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../apps/api/src/db/client.ts';
import { createRootMember, ROOT_PASSWORD } from '../apps/api/src/testing/test-app.ts';

export async function listenWithMember(
  app: FastifyInstance,
  database: Database,
  code: string,
  name: string,
): Promise<{ port: number; token: string }> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  await createRootMember(database, code, name);
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { loginId: code, password: ROOT_PASSWORD },
  });
  const token = (JSON.parse(login.body) as { data: { access_token: string } }).data.access_token;
  return { port, token };
}

/** Closes the app and its database on SIGTERM or SIGINT (the bench stopping its server). */
export function closeOnSignals(app: FastifyInstance, database: Database): void {
  const stop = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}

/**
 * The bench's side: waits for a server's "READY <port> <token>" line (60 s at most); every other
 * line of its output goes to `onLine`.
 */
export function serverReady(
  server: ChildProcess,
  onLine: (line: string) => void = () => undefined,
): Promise<{ port: number; token: string }> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('bench server did not start')), 60_000);
    createInterface({ input: server.stdout! }).on('line', (line) => {
      const match = /^READY (\d+) (\S+)$/.exec(line);
      if (!match) return onLine(line);
      clearTimeout(timer);
      resolve({ port: Number(match[1]), token: match[2]! });
    });
    server.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
}
