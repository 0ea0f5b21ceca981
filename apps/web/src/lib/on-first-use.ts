/**
 * A value made on its first use, then kept: for Intl formatters, each of which loads locale data
 * when made, a pause that a module evaluated with a screen's first load would add to it even
 * where that screen never formats a date.
 */
export function onFirstUse<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}
