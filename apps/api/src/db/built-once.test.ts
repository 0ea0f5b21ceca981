import { drizzle } from 'drizzle-orm/node-postgres';
import { describe, expect, it } from 'vitest';
import { resolveSession } from '../core/sessions/member-sessions.ts';
import type { Db } from './client.ts';
import { builtOnce } from './built-once.ts';

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
});
