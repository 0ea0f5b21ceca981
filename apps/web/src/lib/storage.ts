// Values in localStorage are JSON-encoded (client contract). Reads are cached by the raw text
// so React's useSyncExternalStore sees a stable value until the stored text changes.
type Listener = () => void;

const listeners = new Set<Listener>();
const cache = new Map<string, { raw: string | null; value: unknown }>();

function notify() {
  for (const listener of listeners) listener();
}

/** Subscribes to changes made in this tab (write/remove) and in other tabs (storage event). */
export function subscribeStorage(listener: Listener): () => void {
  listeners.add(listener);
  if (listeners.size === 1) window.addEventListener('storage', notify);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', notify);
  };
}

function decode(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    // A value written by hand or by an older build may be a bare string; keep it usable.
    return raw;
  }
}

export function readStored(key: string): unknown {
  const raw = window.localStorage.getItem(key);
  const cached = cache.get(key);
  if (cached && cached.raw === raw) return cached.value;
  const value = raw === null ? null : decode(raw);
  cache.set(key, { raw, value });
  return value;
}

export function writeStored(key: string, value: unknown): void {
  window.localStorage.setItem(key, JSON.stringify(value));
  notify();
}

export function removeStored(...keys: string[]): void {
  for (const key of keys) window.localStorage.removeItem(key);
  notify();
}
