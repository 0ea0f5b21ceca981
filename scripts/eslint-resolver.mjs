// The import resolver of the web app's boundary rules (eslint.config.js). import/no-restricted-paths
// judges the file an import resolves to and says nothing about one it cannot resolve, so every
// import the bundler accepts must resolve here: relative paths with or without their `.ts`/`.tsx`,
// and the workspace packages (`@app/contracts`, `@app/api`, ...) to their real folders through
// their `exports`, which eslint-import-resolver-node reads neither of.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import node from 'eslint-import-resolver-node';

export const interfaceVersion = 2;

const options = {
  extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'],
  // A workspace package is a symlink in node_modules: its real path is what the zones name.
  preserveSymlinks: false,
};

export function resolve(source, file) {
  const workspace = /^(@app\/[^/]+)$/.exec(source);
  if (!workspace) return node.resolve(source, file, options);
  const manifest = node.resolve(`${workspace[1]}/package.json`, file, options);
  if (!manifest.found || !manifest.path) return { found: false };
  const { exports, main } = JSON.parse(readFileSync(manifest.path, 'utf8'));
  const entry = typeof exports === 'string' ? exports : (exports?.['.'] ?? main);
  // An app has no entry to import, yet the import still names its folder: its manifest says which.
  if (typeof entry !== 'string') return manifest;
  return { found: true, path: join(dirname(manifest.path), entry) };
}
