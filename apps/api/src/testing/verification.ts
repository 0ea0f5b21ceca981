// Helpers for the verification suites (imported by tests only): uploads as raw bodies, a full
// submission, and operators of each role.
import type { OperatorRole, VerificationDocumentKind } from '@app/contracts';
import { signInOperator } from './operators.ts';
import { call, type Call } from './requests.ts';
import { tokenOf } from './members.ts';
import type { TestApp } from './test-app.ts';
import { jpegWithGps, minimalPdf } from '../core/member-files/test-files.ts';

/** PUT verification/documents/:kind with the bytes as the body, as the web app sends them. */
export async function upload(
  t: TestApp,
  memberId: string,
  kind: VerificationDocumentKind | string,
  bytes: Buffer,
): Promise<Call> {
  const response = await t.app.inject({
    method: 'PUT',
    url: `/api/v1/verification/documents/${kind}`,
    payload: bytes,
    headers: {
      authorization: `Bearer ${await tokenOf(t, memberId)}`,
      'content-type': 'application/octet-stream',
    },
  });
  return {
    status: response.statusCode,
    body: JSON.parse(response.body) as Call['body'],
    headers: response.headers,
  };
}

export const asMember = async (
  t: TestApp,
  memberId: string,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
) => call(t.app, method, url, body, { token: await tokenOf(t, memberId) });

/** Sessions end as the clock moves, so each call signs in at the clock's now. */
export const asOperator = async (
  t: TestApp,
  role: OperatorRole,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  body?: unknown,
) =>
  call(t.app, method, `operator/${url}`, body, {
    token: await signInOperator(t, `${role}@ops.example.com`, role),
  });

export const FIELDS = {
  legalName: 'Asha Verma',
  dateOfBirth: '1990-04-12',
  nationality: 'IN',
  documentNumber: 'P1234567',
  documentExpiry: '2031-01-31',
};

/** Uploads the default requirements' three documents and submits; returns the submission id. */
export async function submitAll(t: TestApp, memberId: string): Promise<string> {
  for (const [kind, bytes] of [
    ['id-front', await jpegWithGps()],
    ['id-back', await jpegWithGps()],
    ['selfie', minimalPdf()],
  ] as const) {
    const answer = await upload(t, memberId, kind, bytes);
    if (answer.status !== 200) throw new Error(`upload: ${JSON.stringify(answer.body)}`);
  }
  const submitted = await asMember(t, memberId, 'POST', 'verification/submit', {
    country: 'IN',
    fields: FIELDS,
  });
  if (submitted.status !== 200) throw new Error(`submit: ${JSON.stringify(submitted.body)}`);
  const queue = await asOperator(t, 'support', 'GET', 'verification?pageSize=100');
  const item = (queue.body.data.data as { id: string; memberId: string }[]).find(
    (each) => each.memberId === memberId,
  );
  if (!item) throw new Error('the submission is not in the queue');
  return item.id;
}

/** A member whose identity an operator approved. */
export async function approve(t: TestApp, memberId: string): Promise<void> {
  const id = await submitAll(t, memberId);
  const answer = await asOperator(t, 'support', 'POST', `verification/${id}/decide`, {
    decision: 'approve',
  });
  if (answer.status !== 200) throw new Error(`approve: ${JSON.stringify(answer.body)}`);
}
