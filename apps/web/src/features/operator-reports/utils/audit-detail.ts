// An audit entry's detail (any JSON the action recorded) as lines a person reads: a label and
// its value, or its value before and after where the detail holds both (`before`/`after` or
// `from`/`to`). Nested objects become "Parent › child" lines; the CSV keeps the raw JSON.

export type AuditDetailLine = {
  label: string;
  /** The value, when the line is not a change. */
  value?: string;
  /** A change: the value before and after. */
  before?: string;
  after?: string;
};

const LABELS: Record<string, string> = {
  txHash: 'Transaction hash',
  previousStatus: 'Status before',
  messageId: 'Message id',
  length: 'Length (characters)',
  ip: 'IP address',
  withdrawalHoldHours: 'Withdrawal hold (hours)',
  memberId: 'Member id',
  registeredId: 'Registered ID',
  email: 'Email',
  id: 'Id',
};

/** Keys of the detail itself: the acting operator's role is added to every operator action. */
const TOP_LABELS: Record<string, string> = { role: "Acting operator's role" };

const PAIRS = [
  ['before', 'after'],
  ['from', 'to'],
] as const;

/** A key in words: `previousStatus`, `daily_profit` and `accept-invite` read as words. */
export function labelOf(key: string): string {
  const known = LABELS[key];
  if (known) return known;
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : key;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** One value as text: yes/no, numbers as written, a list of scalars joined, else its JSON. */
export function textOf(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (Array.isArray(value) && value.every((item) => !isPlainObject(item) && !Array.isArray(item)))
    return value.length === 0 ? '—' : value.map(textOf).join(', ');
  return JSON.stringify(value);
}

/** An object's leaves as label → text, nested keys as "Parent › child". */
function flatten(value: unknown, label: string, into: Map<string, string>): void {
  if (isPlainObject(value) && Object.keys(value).length > 0) {
    for (const [key, inner] of Object.entries(value))
      flatten(inner, label ? `${label} › ${labelOf(key)}` : labelOf(key), into);
    return;
  }
  into.set(label || 'Value', textOf(value));
}

/** The lines of a change: every label on either side, its value where both agree. */
function changeLines(before: unknown, after: unknown): AuditDetailLine[] {
  const was = new Map<string, string>();
  const now = new Map<string, string>();
  flatten(before, '', was);
  flatten(after, '', now);
  const labels = [...new Set([...was.keys(), ...now.keys()])];
  return labels.map((label) => {
    const beforeText = was.get(label) ?? '—';
    const afterText = now.get(label) ?? '—';
    return beforeText === afterText
      ? { label, value: afterText }
      : { label, before: beforeText, after: afterText };
  });
}

/** The detail's lines, changes first, then the rest in the order recorded. */
export function auditDetailLines(detail: unknown): AuditDetailLine[] {
  if (detail === null || detail === undefined) return [];
  if (!isPlainObject(detail)) return [{ label: 'Detail', value: textOf(detail) }];
  const rest = { ...detail };
  const lines: AuditDetailLine[] = [];
  for (const [beforeKey, afterKey] of PAIRS) {
    if (!(beforeKey in rest) || !(afterKey in rest)) continue;
    lines.push(...changeLines(rest[beforeKey], rest[afterKey]));
    delete rest[beforeKey];
    delete rest[afterKey];
  }
  for (const [key, value] of Object.entries(rest)) {
    const others = new Map<string, string>();
    flatten(value, TOP_LABELS[key] ?? labelOf(key), others);
    for (const [label, text] of others) lines.push({ label, value: text });
  }
  return lines;
}
