import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The web app's layers are ESLint rules on resolved files (eslint.config.js, webBoundaries()).
// These cases lint an offending import in place of a real file of the layer named, with the
// repository's real config and real files to import (a path that resolves to nothing is not
// judged), so a rule that stops biting (a renamed folder, a resolver that no longer finds the
// file) fails here.

// A path, not a URL: jsdom's URL is not the one node:url accepts.
const REPO = `${resolve(dirname(fileURLToPath(import.meta.url)), '../../../..')}/`;
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: REPO });
});

/** The boundary messages ESLint gives `code` in place of `file` (relative to apps/web/src). */
async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${REPO}apps/web/src/${file}` });
  // A file ESLint could not parse runs no rule at all: that must fail, not pass as clean.
  expect(result?.messages.filter((message) => message.fatal)).toEqual([]);
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'import/no-restricted-paths')
    .map((message) => message.message);
}

const uses = (...imports: string[]) =>
  [...imports, `export const used = [${imports.map((_, index) => `a${index}`).join(', ')}];`].join(
    '\n',
  );

const OTHER_FEATURE = /a feature must not import another feature/;
const SHARED = /shared code \(components, lib, config\) must not import a feature or the app layer/;

describe('the web app boundaries', { timeout: 120_000 }, () => {
  it('let a feature use its own files, shared code and the contracts', async () => {
    const code = uses(
      "import { formatMoney as a0 } from '@app/contracts';",
      "import { QueryError as a1 } from '../../../components/query-error.tsx';",
      "import { apiClient as a2 } from '../../../lib/api-client.ts';",
      "import { getPackages as a3 } from '../api/get-packages.ts';",
    );
    expect(await boundaryErrors('features/packages/components/package-card.tsx', code)).toEqual([]);
  });

  it('refuse a feature importing another feature, however the path is spelled', async () => {
    // From the feature's root "../" is the features folder: the old rule on the text let it by.
    const fromRoot = await boundaryErrors(
      'features/market/format.ts',
      uses("import { getPackages as a0 } from '../packages/api/get-packages.ts';"),
    );
    expect(fromRoot).toEqual([expect.stringMatching(OTHER_FEATURE)]);

    const fromFolder = await boundaryErrors(
      'features/wallet/components/balance-header.tsx',
      uses("import { getPackages as a0 } from '../../packages/api/get-packages.ts';"),
    );
    expect(fromFolder).toEqual([expect.stringMatching(OTHER_FEATURE)]);

    // The bundler takes a path without its extension: it still resolves, and is still judged.
    const bare = await boundaryErrors(
      'features/wallet/components/balance-header.tsx',
      uses("import { getPackages as a0 } from '../../../features/packages/api/get-packages';"),
    );
    expect(bare).toEqual([expect.stringMatching(OTHER_FEATURE)]);
  });

  it('refuse a feature importing the app layer', async () => {
    const errors = await boundaryErrors(
      'features/market/format.ts',
      uses("import { paths as a0 } from '../../app/routes.tsx';"),
    );
    expect(errors).toEqual([expect.stringMatching(/a feature must not import the app layer/)]);
  });

  it('refuse shared code importing a feature or the app layer', async () => {
    for (const file of ['components/money.tsx', 'lib/api-client.ts', 'config/paths.ts']) {
      const errors = await boundaryErrors(
        file,
        uses(
          "import { getPackages as a0 } from '../features/packages/api/get-packages.ts';",
          "import { AppProviders as a1 } from '../app/providers.tsx';",
        ),
      );
      expect(errors, file).toEqual([expect.stringMatching(SHARED), expect.stringMatching(SHARED)]);
    }
  });

  it('refuse the API, by path and by its package name', async () => {
    const errors = await boundaryErrors(
      'lib/api-client.ts',
      uses(
        "import { buildApp as a0 } from '../../../api/src/app.ts';",
        "import * as a1 from '@app/api';",
      ),
    );
    expect(errors).toEqual([
      expect.stringMatching(/the web app must not import the API/),
      expect.stringMatching(/the web app must not import the API/),
    ]);
  });
});
