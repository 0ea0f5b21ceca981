// `npm run dev`: the API with reload on :3000 and Vite with hot reload on :5173, which
// proxies /api, /metrics and /dev to the API.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const children = [
  spawn('npx', ['tsx', 'watch', 'apps/api/src/server.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, SKIP_WEB_BUILD: 'true' },
  }),
  spawn('npx', ['vite', '--host', '127.0.0.1'], { cwd: `${root}/apps/web`, stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((child) =>
  child.on('exit', (code) => {
    if (code) {
      stop();
      process.exitCode = code;
    }
  }),
);
