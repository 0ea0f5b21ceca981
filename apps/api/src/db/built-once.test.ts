import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { describe, expect, it } from 'vitest';
import { resolveSession } from '../core/sessions/member-sessions.ts';
import { createPgliteTestDatabase } from '../testing/database.ts';
import type { Db } from './client.ts';
import { builtOnce, textQueryOnce } from './built-once.ts';

type SentQuery = { name?: string; text: string; values: unknown[] };

/** A node-postgres client that answers no rows and records what drizzle asked it to send. */
function recordingDb(): { db: Db; sent: SentQuery[] } {
  const sent: SentQuery[] = [];
  const client = {
    query: async (config: { name?: string; text: string }, values: unknown[]) => {
      sent.push({ name: config.name, text: config.text, values });
      return { rows: [], fields: [], rowCount: 0 };
    },
  };
  return { db: drizzle({ client: client as never }) as unknown as Db, sent };
}

describe('queries built once', () => {
  it('builds a query once per database client', () => {
    let builds = 0;
    const query = builtOnce((db) => ({ db, build: (builds += 1) }));
    const first = recordingDb().db;
    const second = recordingDb().db;
    expect(query(first)).toBe(query(first));
    expect(query(second).db).toBe(second);
    expect(builds).toBe(2);
  });

  it('send the session lookup as an unnamed statement with the token hashes as its parameter, so a transaction pooler can route each one anywhere', async () => {
    const { db, sent } = recordingDb();
    const now = new Date('2026-11-20T10:00:00Z');
    expect(await resolveSession(db, 'a'.repeat(43), now)).toBeNull();
    expect(await resolveSession(db, 'b'.repeat(43), now)).toBeNull();
    expect(sent).toHaveLength(2);
    for (const query of sent) {
      expect(query.name ?? '').toBe('');
      expect(query.values).toHaveLength(1);
      expect(query.values[0]).toHaveLength(1);
      expect(query.text).toContain('$1');
    }
    expect(sent[0]!.text).toBe(sent[1]!.text);
    expect(sent[0]!.values).not.toEqual(sent[1]!.values);
  });

  it('sends the lookups of one event-loop turn as one statement, one hash per request', async () => {
    const { db, sent } = recordingDb();
    const now = new Date('2026-11-20T10:00:00Z');
    const answers = await Promise.all(
      ['c', 'd', 'e'].map((letter) => resolveSession(db, letter.repeat(43), now)),
    );
    expect(answers).toEqual([null, null, null]);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.values).toHaveLength(1);
    expect(sent[0]!.values[0]).toHaveLength(3);
  });

  it("hands a text query's rows to its decoder as strings and nulls, from a real database", async () => {
    const pairs = textQueryOnce(
      sql`select n::text, case when n > 1 then null else (n * 10000000000)::text end
        from generate_series(1, ${sql.placeholder('upTo')}::int) as n`,
      ([n, big = null]) => ({ n: Number(n), big: big === null ? null : BigInt(big) }),
    );
    const database = await createPgliteTestDatabase();
    try {
      expect(await pairs(database.db)({ upTo: 2 })).toEqual([
        { n: 1, big: 10_000_000_000n },
        { n: 2, big: null },
      ]);
      expect(pairs(database.db)).toBe(pairs(database.db));
    } finally {
      await database.close();
    }
  });

  it('sends a text query unnamed, with its parameters filled in', async () => {
    const { db, sent } = recordingDb();
    const query = textQueryOnce(sql`select ${sql.placeholder('word')}::text`, ([word]) => word);
    expect(await query(db)({ word: 'hello' })).toEqual([]);
    expect(sent).toEqual([{ name: '', text: 'select $1::text', values: ['hello'] }]);
  });
});
