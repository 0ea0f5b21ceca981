// The ceilings of the HTTP benchmark: a minimal Fastify app in its own process on 127.0.0.1, with
// nothing of the app (no plugins, hooks, logger or schemas): one JSON route, and one that first
// sends `select 1` through a plain node-postgres pool of the app's size to the database of
// TEST_DATABASE_URL, which is the most a route with one database round trip can reach on this
// host. Prints "READY <port> -" (no member, so no token) and stops on SIGTERM or SIGINT.
import Fastify from 'fastify';
import pg from 'pg';

const answer = {
  status: 'success',
  message: 'Success',
  data: { primary_wallet: 0, profit_wallet: 0 },
};
const pool = new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL, max: 20 });
const app = Fastify({ logger: false });
app.get('/bare', async () => answer);
app.get('/bare-query', async () => {
  await pool.query('select 1');
  return answer;
});
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
console.log(`READY ${typeof address === 'object' && address ? address.port : 0} -`);

const stop = async () => {
  await app.close();
  await pool.end();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
