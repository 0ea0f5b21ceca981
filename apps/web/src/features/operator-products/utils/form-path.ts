// Reading and writing one field of a nested form value by its dotted path ("ranks.2.name"), the
// same paths the server's validation results name, so an error lands on the field it is about.

type Container = Record<string, unknown> | unknown[];

export function readPath(value: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (current, key) =>
        current !== null && typeof current === 'object'
          ? (current as Record<string, unknown>)[key]
          : undefined,
      value,
    );
}

/** A copy of `value` with the field at `path` replaced; the containers along the path are copied. */
export function writePath<T>(value: T, path: string, next: unknown): T {
  const [key, ...rest] = path.split('.');
  if (key === undefined) return value;
  const current = value as Container;
  const child = Array.isArray(current) ? current[Number(key)] : current[key];
  const replaced = rest.length === 0 ? next : writePath(child, rest.join('.'), next);
  if (Array.isArray(current)) {
    const copy = [...current];
    copy[Number(key)] = replaced;
    return copy as T;
  }
  return { ...current, [key]: replaced } as T;
}
