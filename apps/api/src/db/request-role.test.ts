import { describe, expect, it } from 'vitest';
import {
  derivedRequestRole,
  requestConnection,
  RequestRoleUnavailable,
  signInAsRequestRole,
} from './request-role.ts';

// How the app finds the role it serves requests as (decision 0030). The roles themselves, their
// rights and the refusals are proven on real databases in ledger/request-role*.test.ts.

describe('the request role of a DATABASE_URL', () => {
  it('is named after the owner, with a password every instance derives alike', () => {
    const role = derivedRequestRole('invest', 's3cret');
    expect(role).toEqual({ name: 'invest_request', password: role.password, derived: true });
    expect(role.password).toMatch(/^[\w-]{43}$/);
    expect(derivedRequestRole('invest', 's3cret').password).toBe(role.password);
    expect(derivedRequestRole('invest', 'other').password).not.toBe(role.password);
    expect(derivedRequestRole('invest', null).password).toBeNull();
  });

  it('connects to the same server and database as that role', () => {
    const { url, role } = requestConnection('postgres://invest:s3cret@db:6432/app?sslmode=require');
    const parsed = new URL(url);
    expect([parsed.username, parsed.host, parsed.pathname, parsed.search]).toEqual([
      'invest_request',
      'db:6432',
      '/app',
      '?sslmode=require',
    ]);
    expect(decodeURIComponent(parsed.password)).toBe(role.password);
    expect(new URL(requestConnection('postgres://postgres@h/d').url).password).toBe('');
  });

  it('is the user of DATABASE_REQUEST_URL when the operator gives one', () => {
    const given = 'postgres://req:pw@db/app';
    expect(requestConnection('postgres://owner:o@db/app', given)).toEqual({
      url: given,
      role: { name: 'req', password: null, derived: false },
    });
  });
});

describe('signing in as the request role at start', () => {
  const refusedPassword = Object.assign(new Error('password authentication failed'), {
    code: '28P01',
  });
  const poolAnswering = (...answers: (Error | null)[]) => ({
    query: () => {
      const answer = answers.shift();
      return answer ? Promise.reject(answer) : Promise.resolve();
    },
  });

  it('sets a derived role its current password once when the old one is refused', async () => {
    let resets = 0;
    const reset = () => Promise.resolve(void (resets += 1));
    const role = derivedRequestRole('invest', 'new');
    await signInAsRequestRole(poolAnswering(refusedPassword, null), role, reset);
    expect(resets).toBe(1);
    await expect(
      signInAsRequestRole(poolAnswering(refusedPassword, refusedPassword), role, reset),
    ).rejects.toThrow(/^Start refused: the request role invest_request cannot connect/);
  });

  it('never changes a role the operator made', async () => {
    let resets = 0;
    const role = { name: 'req', password: null, derived: false };
    const refused = signInAsRequestRole(poolAnswering(refusedPassword), role, () =>
      Promise.resolve(void (resets += 1)),
    );
    await expect(refused).rejects.toBeInstanceOf(RequestRoleUnavailable);
    expect(resets).toBe(0);
  });
});
