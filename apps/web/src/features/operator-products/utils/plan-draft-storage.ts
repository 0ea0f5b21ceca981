import type { PlanForm } from './plan-form.ts';

// The plan's draft lives in the browser (the API keeps only published versions, decision
// 0028): in sessionStorage, so a reload or a look at another screen keeps it, and closing the
// tab drops it. It remembers the version it started from, so the editor can say when another
// version was published meanwhile, and whose it is: another operator signing in to the same tab
// starts from the plan in force, not from someone else's work.

const KEY = 'operator.plan-draft';

export type StoredDraft = { operatorId: string; baseVersion: number; form: PlanForm };

const isDraft = (value: unknown): value is StoredDraft =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as StoredDraft).operatorId === 'string' &&
  typeof (value as StoredDraft).baseVersion === 'number' &&
  typeof (value as StoredDraft).form === 'object' &&
  (value as StoredDraft).form !== null &&
  Array.isArray((value as StoredDraft).form.ranks) &&
  Array.isArray((value as StoredDraft).form.weeklyTiers);

/** The operator's stored draft, if there is one. */
export function readDraft(operatorId: string): StoredDraft | null {
  try {
    const raw = window.sessionStorage.getItem(KEY);
    const value: unknown = raw === null ? null : JSON.parse(raw);
    return isDraft(value) && value.operatorId === operatorId ? value : null;
  } catch {
    // Unreadable (written by an older build, or storage refused): start from the plan in force.
    return null;
  }
}

export function writeDraft(draft: StoredDraft): void {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(draft));
  } catch {
    // Storage full or refused (private mode): the draft stays in the page, only a reload loses it.
  }
}

export function clearDraft(): void {
  window.sessionStorage.removeItem(KEY);
}
