// `npm run screenshots`, after the browser journeys: copies the screenshots the docs show from
// .tmp/screenshots (where the journeys write them, ignored by git) into docs/screenshots, and
// removes from there any the docs no longer show. Which ones: every `screenshots/<name>.png`
// that README.md, apps/web/README.md or a Markdown file under docs/ mentions.
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const taken = join(root, '.tmp/screenshots');
const shown = join(root, 'docs/screenshots');

const markdownUnder = (dir) =>
  readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
    .map((entry) => join(entry.parentPath, entry.name));

const docs = [join(root, 'README.md'), join(root, 'apps/web/README.md'), ...markdownUnder('docs')];
const names = new Set(
  docs
    .filter((file) => existsSync(file))
    .flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/screenshots\/([\w.-]+\.png)/g)])
    .map((match) => match[1]),
);

const missing = [...names].filter((name) => !existsSync(join(taken, name)));
if (missing.length > 0) {
  console.error(`No journey took ${missing.join(', ')} (looked in .tmp/screenshots).`);
  process.exit(1);
}
mkdirSync(shown, { recursive: true });
for (const name of names) copyFileSync(join(taken, name), join(shown, name));
for (const name of readdirSync(shown)) if (!names.has(name)) rmSync(join(shown, name));
console.log(`docs/screenshots: ${[...names].sort().join(', ')}`);
