import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The API's module boundaries are ESLint rules (eslint.config.js). These cases lint a violating
// snippet in place of a real file of the module or layer named (type-aware linting knows only
// the files on disk), with the repository's real config, so a rule that stops biting (a renamed
// folder, a glob that no longer matches) fails here.

const REPO = fileURLToPath(new URL('../../../../', import.meta.url));
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: REPO });
});

/** The boundary messages ESLint gives `code` in place of `file` (relative to apps/api/src). */
async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${REPO}apps/api/src/${file}` });
  // A file ESLint could not parse runs no rule at all: that must fail, not pass as clean.
  expect(result?.messages.filter((message) => message.fatal)).toEqual([]);
  const boundaryRules = [
    'import/no-restricted-paths',
    'no-restricted-syntax',
    'no-restricted-exports',
  ];
  return (result?.messages ?? [])
    .filter((message) => message.ruleId !== null && boundaryRules.includes(message.ruleId))
    .map((message) => `${message.ruleId}: ${message.message}`);
}

const LEDGER_ONLY = /only apps\/api\/src\/ledger touches ledger tables/;

describe('the API boundaries', { timeout: 120_000 }, () => {
  it('let a module use its own files, the core code and the ledger functions', async () => {
    const code = [
      "import { listMemberPostings } from '../../ledger/index.ts';",
      "import { notifyMember } from '../../core/notifications.ts';",
      "import { members } from '../../db/schema/members.ts';",
      "import { describe } from './statement.ts';",
      'export const used = [listMemberPostings, notifyMember, members, describe];',
    ].join('\n');
    expect(await boundaryErrors('modules/statements/routes.ts', code)).toEqual([]);
  });

  it('refuse the ledger tables outside ledger/, by import, by barrel and in raw SQL', async () => {
    const imported = await boundaryErrors(
      'modules/statements/routes.ts',
      "import { postings } from '../../db/schema/ledger.ts';\nexport const table = postings;",
    );
    expect(imported).toEqual([expect.stringMatching(LEDGER_ONLY)]);

    const inShared = await boundaryErrors(
      'core/plan.ts',
      "import { accounts } from '../db/schema/ledger.ts';\nexport const table = accounts;",
    );
    expect(inShared).toEqual([expect.stringMatching(LEDGER_ONLY)]);

    const barrel = await boundaryErrors('db/schema/members.ts', "export * from './ledger.ts';");
    expect(barrel).toEqual([expect.stringMatching(/no barrel in db\/schema/)]);

    const handedOn = await boundaryErrors(
      'ledger/index.ts',
      "export { transfers } from '../db/schema/ledger.ts';",
    );
    expect(handedOn.join('\n')).toMatch(
      /'transfers' is restricted from being used as an exported name/,
    );

    const rawSql = await boundaryErrors(
      'modules/compounding/income.ts',
      "import { sql } from 'drizzle-orm';\nexport const moved = sql`select sum(amount) from postings p`;",
    );
    expect(rawSql).toEqual([expect.stringMatching(LEDGER_ONLY)]);
  });

  it('refuse a module importing another module, or the ledger past its index', async () => {
    const otherModule = await boundaryErrors(
      'modules/statements/routes.ts',
      "import { buyPackage } from '../packages/buy-package.ts';\nexport const use = buyPackage;",
    );
    expect(otherModule).toEqual([expect.stringMatching(/a module never imports another module/)]);

    const ledgerInside = await boundaryErrors(
      'modules/withdrawals/routes.ts',
      "import { postTransfer } from '../../ledger/transfers.ts';\nexport const use = postTransfer;",
    );
    expect(ledgerInside).toEqual([expect.stringMatching(/through ledger\/index.ts/)]);
  });

  it('keep the layers in order: core and plugins never import a module', async () => {
    const core = await boundaryErrors(
      'core/plan.ts',
      "import { buyPackage } from '../modules/packages/buy-package.ts';\nexport const use = buyPackage;",
    );
    expect(core).toEqual([expect.stringMatching(/core code sits below the modules/)]);

    const plugin = await boundaryErrors(
      'plugins/rate-limit.ts',
      "import { login } from '../modules/auth/login.ts';\nexport const use = login;",
    );
    expect(plugin).toEqual([expect.stringMatching(/plugins sit below the modules/)]);
  });
});
