// The ceiling of the HTTP benchmark: a minimal Fastify app with one JSON route, in its own
// process on 127.0.0.1, with nothing of the app (no plugins, hooks, logger or database). Prints
// "READY <port> -" (no member, so no token) and stops on SIGTERM or SIGINT.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({
  status: 'success',
  message: 'Success',
  data: { primary_wallet: 0, profit_wallet: 0 },
}));
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
console.log(`READY ${typeof address === 'object' && address ? address.port : 0} -`);

const stop = async () => {
  await app.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
