import { afterEach, describe, expect, it, vi } from 'vitest';
import { hashPassword, verifyPassword } from './passwords.ts';

// The suites run with PASSWORD_HASH_COST=minimal (vitest.config.ts); a deployment never does.
describe('password hashing', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('is Argon2id at OWASP strength unless told otherwise', async () => {
    vi.stubEnv('PASSWORD_HASH_COST', undefined);
    const stored = await hashPassword('correct horse battery');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(stored, 'correct horse battery!')).toBe(false);
  });

  it('is Argon2id at its cheapest for test runs, and either kind verifies', async () => {
    vi.stubEnv('PASSWORD_HASH_COST', 'minimal');
    const cheap = await hashPassword('correct horse battery');
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    vi.stubEnv('PASSWORD_HASH_COST', 'standard');
    expect(await verifyPassword(cheap, 'correct horse battery')).toBe(true);
    expect(await hashPassword('x')).toMatch(/m=19456,t=2,p=1/);
  });

  it('refuses the cheapest in production, even past the configuration check', async () => {
    vi.stubEnv('PASSWORD_HASH_COST', 'minimal');
    vi.stubEnv('NODE_ENV', 'production');
    expect(() => hashPassword('correct horse battery')).toThrow(
      'PASSWORD_HASH_COST=minimal is refused when NODE_ENV=production',
    );
  });
});
