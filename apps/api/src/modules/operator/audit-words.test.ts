import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTION_WORDS, auditActionWords } from '@app/contracts';

// Every action the API records must have words in the console: this reads the API's source for
// each action it writes to the audit log (an `action:` field, or a literal handed to an audit
// helper) and compares them with the contracts' map, both ways.

const SOURCE = fileURLToPath(new URL('../../', import.meta.url));
const ACTION_LITERAL = /'([a-z]+(?:\.[a-z][a-z_-]*)+)'/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

const literalsIn = (text: string) => [...text.matchAll(ACTION_LITERAL)].map((match) => match[1]!);

/** Each recorded action with the file that records it. */
function recordedActions(): Map<string, string> {
  const found = new Map<string, string>();
  for (const path of sourceFiles(SOURCE)) {
    const text = readFileSync(path, 'utf8');
    const fields = [...text.matchAll(/\baction:\s*([^,;{}]*)/g)].map((match) => match[1]!);
    const helperCalls = [...text.matchAll(/\b\w*[aA]udit\w*\(([^;]*?)\)\s*;/gs)].map(
      (match) => match[1]!,
    );
    for (const action of [...fields, ...helperCalls].flatMap(literalsIn))
      found.set(action, relative(SOURCE, path));
  }
  return found;
}

describe('audit actions in words', () => {
  const recorded = recordedActions();

  it('finds the actions the API records', () => {
    // The scan itself: a change in how actions are written must not leave it finding none.
    expect(recorded.get('withdrawal.pay')).toBe('modules/withdrawals/settle-withdrawal.ts');
    expect(recorded.get('member.block')).toBe('modules/operator-members/member-status.ts');
    expect(recorded.get('package.update')).toBe('modules/packages/update-package.ts');
    expect(recorded.size).toBeGreaterThanOrEqual(30);
  });

  it('has words for every recorded action, and none for an action nothing records', () => {
    const missing = [...recorded.keys()].filter((action) => !(action in AUDIT_ACTION_WORDS));
    expect(missing, 'actions recorded with no words in AUDIT_ACTION_WORDS').toEqual([]);
    const stale = Object.keys(AUDIT_ACTION_WORDS).filter((action) => !recorded.has(action));
    expect(stale, 'words for actions nothing records').toEqual([]);
  });

  it('says an unknown action by its code', () => {
    expect(auditActionWords('member.impersonate')).toBe('Viewed the app as a member (read-only)');
    expect(auditActionWords('something.old')).toBe('something.old');
    expect(auditActionWords('toString')).toBe('toString');
  });
});
