import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { RegisterBody } from '@app/contracts';
import { otpFrom, type SmtpSink } from './smtp-sink.ts';

export type Call = {
  status: number;
  body: Record<string, any>;
  headers: LightMyRequestResponse['headers'];
};

type CallOptions = { token?: string; ip?: string; headers?: Record<string, string> };

/** One request through the real app (no open port), answer parsed. */
export async function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
  options: CallOptions = {},
): Promise<Call> {
  const response = await app.inject({
    method,
    url: url.startsWith('/') ? url : `/api/v1/${url}`,
    ...(body === undefined
      ? {}
      : typeof body === 'string'
        ? { payload: body, headers: { 'content-type': 'application/json' } }
        : { payload: body as object }),
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(typeof body === 'string' ? { 'content-type': 'application/json' } : {}),
      ...options.headers,
    },
    remoteAddress: options.ip ?? '127.0.0.1',
  });
  let parsed: Record<string, any> = {};
  try {
    parsed = response.body ? (JSON.parse(response.body) as Record<string, any>) : {};
  } catch {
    parsed = { raw: response.body };
  }
  return { status: response.statusCode, body: parsed, headers: response.headers };
}

let counter = 0;

export function registration(
  sponsorCode: string,
  overrides: Partial<RegisterBody> = {},
): RegisterBody {
  counter += 1;
  return {
    referralCode: sponsorCode,
    name: `Member ${counter}`,
    email: `member${counter}.${Date.now()}@example.com`,
    password: 'correct horse battery',
    mobile_number: '+919876543210',
    ...overrides,
  };
}

export type SignedUp = {
  code: string;
  token: string;
  email: string;
  password: string;
  otp: string;
};

/**
 * Registers under a sponsor, reads the verification code from the mailbox (and waits for the
 * welcome mail sent after it) and signs in.
 */
export async function signUp(
  app: FastifyInstance,
  smtp: SmtpSink,
  sponsorCode: string,
  overrides: Partial<RegisterBody> = {},
  /** The caller's address, 127.0.0.1 unless told. */
  ip?: string,
): Promise<SignedUp> {
  const body = registration(sponsorCode, overrides);
  const registered = await call(app, 'POST', 'auth/register', body, { ip });
  if (registered.status !== 200)
    throw new Error(`register failed: ${JSON.stringify(registered.body)}`);
  const code = registered.body.data.referral_code as string;
  const to = body.email.toLowerCase();
  const mail = await smtp.waitFor(
    (candidate) => candidate.to.includes(to) && /\b\d{6}\b/.test(candidate.subject),
  );
  // The welcome mail goes after the code's: once it is in, no mail of the registration is left
  // to arrive among the mails a test counts from here.
  await smtp.waitFor(
    (candidate) => candidate.to.includes(to) && /^Welcome/.test(candidate.subject),
  );
  const login = await call(
    app,
    'POST',
    'auth/login',
    { loginId: code, password: body.password },
    { ip },
  );
  if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
  return {
    code,
    token: login.body.data.access_token as string,
    email: body.email.toLowerCase(),
    password: body.password,
    otp: otpFrom(mail),
  };
}

/** Answers of a race tallied by outcome: `200`, or the status and error code, e.g. `422 INSUFFICIENT_FUNDS`. */
export const tallyAnswers = (answers: { status: number; body: Record<string, any> }[]) =>
  answers.reduce<Record<string, number>>((seen, answer) => {
    const key = answer.status === 200 ? '200' : `${answer.status} ${answer.body.error as string}`;
    seen[key] = (seen[key] ?? 0) + 1;
    return seen;
  }, {});
