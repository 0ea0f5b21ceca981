import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { seal, SealedSecretError, unseal } from './sealed-secrets.ts';

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
});
