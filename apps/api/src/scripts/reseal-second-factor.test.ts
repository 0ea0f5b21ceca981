import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/client.ts';
import { keyIdOf, unseal } from '../lib/sealed-secrets.ts';
import {
  appForCodes,
  enrolOperator,
  nextCode,
  operatorChallenge,
  operatorSecondStep,
  proveFactor,
} from '../testing/operator-second-factor.ts';
import { signInOperator } from '../testing/operators.ts';
import { runReseal } from '../testing/reseal.ts';
import { turnOnAuthenticator } from '../testing/member-second-factor.ts';
import { call, signUp, type SignedUp } from '../testing/requests.ts';
import { createRootMember, createTestApp, type TestApp } from '../testing/test-app.ts';
import { SECOND_FACTOR_STORE } from './reseal-stores.ts';

// A SECOND_FACTOR_KEY rotation (decisions 0045, 0049): a member and an operator who set up the
// authenticator app under key A keep signing in with its codes while B is current and A previous,
// and after `npm run reseal-second-factor` their secrets are under B, which alone opens them.

const keyA = randomBytes(32);
const keyB = randomBytes(32);
const base64 = (key: Buffer) => key.toString('base64');

/** After the rotation: B seals, A still opens. */
const rotatedEnv = {
  SECOND_FACTOR_KEY: base64(keyB),
  SECOND_FACTOR_PREVIOUS_KEYS: base64(keyA),
};

const ROOT = 'RSFK2345';
const OPERATOR = 'rotation@example.com';

// The apps before, during and after the rotation, on one database: each instance as it is
// configured at that point.
let before: TestApp;
const opened: TestApp[] = [];
beforeAll(async () => {
  before = await appForCodes({ SECOND_FACTOR_KEY: base64(keyA) });
  opened.push(before);
  await createRootMember(before.ctx.database, ROOT);
});
afterAll(async () => {
  // The first app owns the database: it closes last.
  for (const t of opened.reverse()) await t.close();
});

/** An instance with `env`, on the same database, its clock where the last one left it. */
async function instance(env: Record<string, string>): Promise<TestApp> {
  const t = await createTestApp({ database: before.ctx.database, env });
  t.clock.set(opened.at(-1)!.clock.now());
  opened.push(t);
  return t;
}

const db = () => before.ctx.database.db;
const reseal = (env: NodeJS.ProcessEnv) =>
  runReseal(before, SECOND_FACTOR_STORE, { NODE_ENV: 'test', ...env });

type SealedSeed = { owner: string; secret_sealed: string; last_step: number | null };
const storedSeeds = async () => ({
  members: await queryRows<SealedSeed>(
    db(),
    sql`select member_id as owner, secret_sealed, last_step from member_totp order by member_id`,
  ),
  operators: await queryRows<SealedSeed>(
    db(),
    sql`select operator_id as owner, secret_sealed, last_step from operator_totp order by operator_id`,
  ),
});
const keyIdsOf = (seeds: SealedSeed[]) => seeds.map((seed) => seed.secret_sealed.split('.')[1]);

/** A member who turns the authenticator app on: its secret. */
const enrolMember = async (t: TestApp, member: SignedUp) =>
  (await turnOnAuthenticator(t, member.token, member.password)).secret;

/** The member's two-step sign-in with the app's next code: its answer's status. */
async function memberSignsIn(t: TestApp, member: SignedUp, secret: string): Promise<number> {
  const password = await call(t.app, 'POST', 'auth/login', {
    loginId: member.code,
    password: member.password,
  });
  expect(password.body.error).toBe('SECOND_FACTOR_REQUIRED');
  const challenge = password.body.data.challenge as string;
  const code = nextCode(t, secret);
  return (await call(t.app, 'POST', 'auth/login/second-factor', { challenge, code })).status;
}

/** The operator's two-step sign-in with the app's next code: its answer's status. */
async function operatorSignsIn(t: TestApp, secret: string): Promise<number> {
  const challenge = await operatorChallenge(t, OPERATOR);
  return (await operatorSecondStep(t, challenge, nextCode(t, secret))).status;
}

describe('npm run reseal-second-factor', () => {
  it('refuses to start without SECOND_FACTOR_KEY, before opening the database', async () => {
    const { exitCode, lines, open } = await reseal({
      SECOND_FACTOR_PREVIOUS_KEYS: base64(keyA),
    });
    expect(exitCode).toBe(1);
    expect(open).not.toHaveBeenCalled();
    expect(lines).toEqual([expect.stringMatching(/^Refused: SECOND_FACTOR_KEY is not set/)]);
  });

  it('keeps secrets sealed under a previous key working, then moves them to the current key, which alone opens them', async () => {
    // Under key A: a member and an operator set the app up.
    const member = await signUp(before.app, before.smtp, ROOT);
    const memberSecret = await enrolMember(before, member);
    const operatorSecret = (await enrolOperator(before, await signInOperator(before, OPERATOR)))
      .secret;
    const underA = await storedSeeds();
    expect([...keyIdsOf(underA.members), ...keyIdsOf(underA.operators)]).toEqual([
      keyIdOf(keyA),
      keyIdOf(keyA),
    ]);

    // B current, A previous: both still sign in, step-up included; a new enrolment takes B.
    const during = await instance(rotatedEnv);
    expect(await memberSignsIn(during, member, memberSecret)).toBe(200);
    const challenge = await operatorChallenge(during, OPERATOR);
    const signedIn = await operatorSecondStep(during, challenge, nextCode(during, operatorSecret));
    expect(signedIn.status).toBe(200);
    const token = signedIn.body.data.access_token as string;
    expect((await proveFactor(during, token, operatorSecret)).status).toBe(200);
    // An instance that dropped A too early answers 503, not 500, and changes nothing.
    const tooEarly = await instance({ SECOND_FACTOR_KEY: base64(keyB) });
    expect(await memberSignsIn(tooEarly, member, memberSecret)).toBe(503);
    const newcomer = await signUp(during.app, during.smtp, ROOT);
    const newcomerSecret = await enrolMember(during, newcomer);
    const [newcomerSeed] = await queryRows<{ secret_sealed: string }>(
      db(),
      sql`select t.secret_sealed from member_totp t join members m on m.id = t.member_id
          where m.referral_code = ${newcomer.code}`,
    );
    expect(newcomerSeed!.secret_sealed.split('.')[1]).toBe(keyIdOf(keyB));

    // Without A in the list, nothing can be moved: the rows are counted, left alone, exit 1.
    const withoutA = await reseal({ SECOND_FACTOR_KEY: base64(keyB) });
    expect(withoutA.exitCode).toBe(1);
    expect(withoutA.lines).toEqual([
      `Moved to the current key (${keyIdOf(keyB)}): 0 members' authenticator secrets, 0 operators' authenticator secrets.`,
      "Remaining under another key: 1 members' authenticator secrets, 1 operators' authenticator secrets.",
      "Of those, 1 members' authenticator secrets, 1 operators' authenticator secrets are under a key that is neither SECOND_FACTOR_KEY nor in SECOND_FACTOR_PREVIOUS_KEYS: add that key and run again.",
    ]);

    const beforeReseal = await storedSeeds();
    const first = await reseal(rotatedEnv);
    expect(first.lines).toEqual([
      `Moved to the current key (${keyIdOf(keyB)}): 1 members' authenticator secrets, 1 operators' authenticator secrets.`,
      "Remaining under another key: 0 members' authenticator secrets, 0 operators' authenticator secrets.",
      'Nothing is sealed under an old key: it may be removed.',
    ]);
    expect(first.exitCode).toBe(0);

    // Every secret is under B and opens with B alone, the same seed as before; the last step
    // used is kept, so a code used before the run is still refused after it.
    const afterReseal = await storedSeeds();
    expect([...keyIdsOf(afterReseal.members), ...keyIdsOf(afterReseal.operators)]).toEqual([
      keyIdOf(keyB),
      keyIdOf(keyB),
      keyIdOf(keyB),
    ]);
    const openedWithB = (seeds: SealedSeed[]) =>
      new Set(seeds.map((seed) => unseal(seed.secret_sealed, keyB)));
    expect(openedWithB(afterReseal.members)).toEqual(new Set([memberSecret, newcomerSecret]));
    expect(openedWithB(afterReseal.operators)).toEqual(new Set([operatorSecret]));
    const lastSteps = (seeds: typeof beforeReseal) =>
      [...seeds.members, ...seeds.operators].map((seed) => [seed.owner, seed.last_step]);
    expect(lastSteps(afterReseal)).toEqual(lastSteps(beforeReseal));

    // A dropped from every instance: both sign in with a code as before.
    const after = await instance({ SECOND_FACTOR_KEY: base64(keyB) });
    expect(await memberSignsIn(after, member, memberSecret)).toBe(200);
    expect(await operatorSignsIn(after, operatorSecret)).toBe(200);

    const second = await reseal(rotatedEnv);
    expect(second.exitCode).toBe(0);
    expect(second.lines[0]).toBe(
      `Moved to the current key (${keyIdOf(keyB)}): 0 members' authenticator secrets, 0 operators' authenticator secrets.`,
    );
  });
});
