// `npm start`: builds the web app when its sources are newer than the build, then runs the
// API server (which serves the built app on the same port) in this same process.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const builtIndex = join(root, 'apps/web/dist/index.html');

function newestChange(path) {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(
    stats.mtimeMs,
    ...readdirSync(path).map((name) => newestChange(join(path, name))),
  );
}

const sources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/build',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/contracts/src',
]
  .map((path) => join(root, path))
  .filter(existsSync);
const isStale =
  !existsSync(builtIndex) || Math.max(...sources.map(newestChange)) > statSync(builtIndex).mtimeMs;
if (isStale && process.env.SKIP_WEB_BUILD !== 'true') {
  console.log('Building the web app (apps/web/dist)...');
  execSync('npm run build -w apps/web', { cwd: root, stdio: 'inherit' });
}

const { register } = await import('tsx/esm/api');
register();
await import('../apps/api/src/server.ts');
