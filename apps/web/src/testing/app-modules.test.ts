import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LAZY_PACKAGES } from './app-modules.ts';

const SRC = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The packages the app's own code (not its tests) imports with `import('…')`. */
function lazilyImportedPackages(): string[] {
  const found = new Set<string>();
  for (const file of readdirSync(SRC, { recursive: true, encoding: 'utf8' })) {
    if (!/\.tsx?$/.test(file) || /\.test\.tsx?$|^testing[\\/]/.test(file)) continue;
    for (const [, name] of readFileSync(join(SRC, file), 'utf8').matchAll(
      /\bimport\(\s*'([^.'][^']*)'\s*\)/g,
    ))
      found.add(name!);
  }
  return [...found].sort();
}

describe('the modules loaded before the shared-graph tests', () => {
  it('include every package the app imports lazily', () => {
    expect(Object.keys(LAZY_PACKAGES).sort()).toEqual(lazilyImportedPackages());
  });
});
