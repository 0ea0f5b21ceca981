import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pruneTemplates } from './pglite-template.ts';

// Above Linux's largest pid (2^22): never a running process.
const DEAD_PID = 99_999_999;
// A folder of its own, not the shared one: pruning that could take a template another worker is
// copying at this moment.
const templates = mkdtempSync(join(tmpdir(), 'pglite-templates-'));
afterAll(() => rmSync(templates, { recursive: true, force: true }));

function folder(name: string, ageMs = 0): string {
  const path = join(templates, name);
  mkdirSync(path);
  const then = new Date(Date.now() - ageMs);
  utimesSync(path, then, then);
  return path;
}

describe('pruning the PGlite templates', () => {
  it("removes killed workers' copies and half-built templates, and templates unused for a day", () => {
    const DAY = 24 * 60 * 60 * 1000;
    const deadCopy = folder(`copy-${DEAD_PID}-0badc0ffee00`);
    const deadBuild = folder(`0000000000000001.building-${DEAD_PID}-1`);
    const liveCopy = folder(`copy-${process.pid}-0badc0ffee01`);
    const oldTemplate = folder('0000000000000002', 2 * DAY);
    const recentTemplate = folder('0000000000000003', DAY / 2);
    const current = folder('0000000000000004', 2 * DAY);

    pruneTemplates(current, templates);

    expect([deadCopy, deadBuild, oldTemplate].map(existsSync)).toEqual([false, false, false]);
    expect([liveCopy, recentTemplate, current].map(existsSync)).toEqual([true, true, true]);
  });
});
