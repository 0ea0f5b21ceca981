import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  keyIdOf,
  previousKeyIdsOf,
  seal,
  SealedSecretError,
  unseal,
  unsealWithAny,
} from './sealed-secrets.ts';

describe('sealed secrets', () => {
  const key = randomBytes(32);

  it('opens what it sealed, and never seals the same way twice', () => {
    const first = seal('JBSWY3DPEHPK3PXP', key);
    const second = seal('JBSWY3DPEHPK3PXP', key);
    expect(first).not.toBe(second);
    expect(first).not.toContain('JBSWY3DPEHPK3PXP');
    expect(unseal(first, key)).toBe('JBSWY3DPEHPK3PXP');
    expect(unseal(second, key)).toBe('JBSWY3DPEHPK3PXP');
  });

  it('refuses another key, an altered value and garbage', () => {
    const sealed = seal('secret', key);
    expect(() => unseal(sealed, randomBytes(32))).toThrow(SealedSecretError);
    const parts = sealed.split('.');
    const flipped = Buffer.from(parts[4]!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    parts[4] = flipped.toString('base64url');
    expect(() => unseal(parts.join('.'), key)).toThrow(/altered/);
    expect(() => unseal('plain text', key)).toThrow(SealedSecretError);
  });

  it('opens with whichever configured key sealed it, current or previous, and no other', () => {
    const previous = randomBytes(32);
    const keys = { current: key, previous: [previous] };
    expect(unsealWithAny(seal('under the old key', previous), keys)).toBe('under the old key');
    expect(unsealWithAny(seal('under the new key', key), keys)).toBe('under the new key');
    expect(() => unsealWithAny(seal('lost', randomBytes(32)), keys)).toThrow(/key not configured/);
    // The current key listed as a previous one too is not something to move away from.
    expect(previousKeyIdsOf({ current: key, previous: [previous, key] })).toEqual([
      keyIdOf(previous),
    ]);
  });
});
