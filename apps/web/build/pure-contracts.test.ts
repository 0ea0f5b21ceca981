import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';
import { pureContracts } from './pure-contracts.ts';

const CONTRACTS = '/repo/packages/contracts/src/';

/** The plugin's transform of `code` as a module at `id`, with the bundler's own parser. */
function transform(code: string, id = `${CONTRACTS}sample.ts`): string | null {
  const plugin = pureContracts(CONTRACTS);
  const hook = plugin.transform as (
    this: { parse: typeof parseAst },
    code: string,
    id: string,
  ) => { code: string } | null;
  return hook.call({ parse: parseAst }, code, id)?.code ?? null;
}

describe('the contracts marked pure in the web build', () => {
  it('marks every call a top-level constant makes as it is defined, its arguments included', () => {
    const code = [
      "import { z } from 'zod';",
      "export const name = z.string().min(1, label('name'));",
      'const page = pageOf(item);',
    ].join('\n');
    expect(transform(code)).toBe(
      [
        "import { z } from 'zod';",
        "export const name = /* @__PURE__ */ z.string().min(1, /* @__PURE__ */ label('name'));",
        'const page = /* @__PURE__ */ pageOf(item);',
      ].join('\n'),
    );
  });

  it('leaves the calls inside a function alone: they run later, and their effect is their point', () => {
    const code =
      'export const body = z.object({}).superRefine((value, ctx) => { ctx.addIssue(issue(value)); });';
    const marked = transform(code)!;
    expect(marked).toContain('ctx.addIssue(issue(value))');
    expect(marked).not.toMatch(/PURE__ \*\/ (ctx|issue)/);
    // One mark where the chain starts: the bundler reads it for the whole chain.
    expect(marked).toMatch(
      /^export const body = \/\* @__PURE__ \*\/ z\.object\(\{\}\)\.superRefine/,
    );
    expect(marked.match(/@__PURE__/g)).toHaveLength(1);
  });

  it('leaves statements that are not declarations, and modules outside the contracts, as they are', () => {
    expect(transform('config({ jitless: true });\nexport const a = 1;')).toBeNull();
    expect(
      transform('export const a = z.string();', '/repo/apps/web/src/lib/zod-jitless.ts'),
    ).toBeNull();
  });
});
