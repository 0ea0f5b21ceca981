import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** `from '…'` and `import('…')` specifiers that name a package, not a relative path. */
const PACKAGE_IMPORT = /(?:\bfrom\s+|\bimport\(\s*)'((?:@[\w.-]+\/)?[\w.-]+(?:\/[\w./-]+)?)'/g;

/**
 * Every import path of `packages` (each a package name, a deep path such as
 * `@mui/material/Stack` included) that the `.ts`/`.tsx` files under `folder` use: what Vitest's
 * dependency optimizer bundles for the web tests. Read from the sources, so a component or icon
 * used for the first time is bundled with the rest instead of imported module by module.
 */
export function importedPathsOf(folder: string, packages: readonly string[]): string[] {
  const paths = new Set<string>();
  const files = readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((file) =>
    /\.tsx?$/.test(file),
  );
  for (const file of files) {
    for (const [, path] of readFileSync(join(folder, file), 'utf8').matchAll(PACKAGE_IMPORT)) {
      if (packages.some((name) => path === name || path!.startsWith(`${name}/`))) paths.add(path!);
    }
  }
  return [...paths].sort();
}
