import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contracts from './index.ts';

// Field names follow one style: camelCase, except where the client contract the API was built to
// spells a field otherwise. Those seed names stay exactly as they are, and only those: a new
// snake_case key in any request or answer schema fails here.

const SEED_FIELD_NAMES = new Set([
  'access_token', // POST auth/login and operator/auth/login: data.access_token
  'referral_code', // POST auth/register data, the login's data.user, an income's sourceMember
  'mobile_number', // POST auth/register body
  'primary_wallet', // GET auth/wallet-balance
  'profit_wallet', // GET auth/wallet-balance
  'payment_url', // POST secure/create for the gateway
  'validation_results', // the 422 envelope
]);

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  valueType?: z.ZodType;
  items?: z.ZodType[];
  getter?: () => z.ZodType;
};

/** Every object key inside `schema`, with the path that reaches it. */
function collectKeys(schema: z.ZodType, path: string, seen: Set<z.ZodType>, out: string[]): void {
  if (seen.has(schema)) return;
  seen.add(schema);
  const def = (schema as unknown as { _zod: { def: Def } })._zod.def;
  const children: Array<[z.ZodType | undefined, string]> = [];
  if (def.shape) {
    for (const [key, child] of Object.entries(def.shape)) {
      out.push(`${path}.${key}`);
      children.push([child, `${path}.${key}`]);
    }
  }
  children.push(
    [def.element, `${path}[]`],
    [def.innerType, path],
    [def.in, path],
    [def.out, path],
    [def.left, path],
    [def.right, path],
    [def.valueType, `${path}{}`],
    [def.getter?.(), path],
  );
  for (const option of [...(def.options ?? []), ...(def.items ?? [])])
    children.push([option, path]);
  for (const [child, childPath] of children) {
    if (child instanceof z.ZodType) collectKeys(child, childPath, seen, out);
  }
}

const schemas: Array<[string, z.ZodType]> = [];
for (const [name, value] of Object.entries(contracts) as Array<[string, unknown]>) {
  if (value instanceof z.ZodType) schemas.push([name, value]);
}

const isCamelCase = (key: string) => /^[a-z][a-zA-Z0-9]*$/.test(key);

describe('field names in the contracts', () => {
  it('walks the schemas (the check below would pass vacuously on none)', () => {
    expect(schemas.length).toBeGreaterThan(100);
    const keys: string[] = [];
    collectKeys(contracts.memberView, 'memberView', new Set(), keys);
    expect(keys).toContain('memberView.sponsor.referralCode');
  });

  it('are camelCase, or a seed name kept as the client contract spells it', () => {
    const offending: string[] = [];
    for (const [name, schema] of schemas) {
      const keys: string[] = [];
      collectKeys(schema, name, new Set(), keys);
      for (const key of keys) {
        const field = key.slice(key.lastIndexOf('.') + 1);
        if (!isCamelCase(field) && !SEED_FIELD_NAMES.has(field)) offending.push(key);
      }
    }
    expect(offending).toEqual([]);
  });

  it('would catch a snake_case key in an answer', () => {
    const keys: string[] = [];
    const answer = z.object({ page: z.array(z.object({ created_at: z.string() }).nullable()) });
    collectKeys(answer, 'answer', new Set(), keys);
    expect(keys.filter((key) => !isCamelCase(key.slice(key.lastIndexOf('.') + 1)))).toEqual([
      'answer.page[].created_at',
    ]);
  });
});
