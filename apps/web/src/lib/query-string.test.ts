import { describe, expect, it } from 'vitest';
import { toQueryString } from './query-string.ts';

describe('toQueryString', () => {
  it('drops null and undefined values and keeps falsy ones that mean something', () => {
    expect(toQueryString({ page: 1, wallet: null, kind: undefined, active: false, q: '' })).toBe(
      '?page=1&active=false&q=',
    );
  });

  it('yields an empty string when nothing is left', () => {
    expect(toQueryString({ a: null, b: undefined })).toBe('');
    expect(toQueryString()).toBe('');
  });

  it('encodes keys and values', () => {
    expect(toQueryString({ 'from date': '2025-01-01 10:00', name: 'a&b=c' })).toBe(
      '?from+date=2025-01-01+10%3A00&name=a%26b%3Dc',
    );
  });
});
