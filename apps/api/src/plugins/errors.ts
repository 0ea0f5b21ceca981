import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type {
  AccountBlockedData,
  AccountClosedData,
  ErrorCode,
  ErrorEnvelope,
  ValidationErrorEnvelope,
  ValidationResult,
} from '@app/contracts';
import { accountBlockedMessage, accountClosedMessage } from '@app/contracts';
import {
  isDatabaseUnavailable,
  isPoolSaturated,
  isRecordBusy,
  isUnstorableText,
} from '../lib/database-failures.ts';
import {
  AppError,
  BUSY_RETRY_AFTER_SECONDS,
  FieldError,
  RETRY_AFTER_SECONDS,
} from '../lib/errors.ts';
import { InsufficientFundsError, ReferenceConflictError } from '../ledger/index.ts';
import { SealedSecretError } from '../lib/sealed-secrets.ts';

/**
 * What an account that may not be used is told, blocked by an operator (decision 0051) or closed
 * at the member's request (0060): the message and `data` with the support address, which the
 * app's notice shows as a link.
 */
export const inactiveAccountAnswer = (status: 'blocked' | 'closed', supportEmail: string) =>
  status === 'blocked'
    ? {
        message: accountBlockedMessage(supportEmail),
        data: { accountBlocked: true, supportEmail } satisfies AccountBlockedData,
      }
    : {
        message: accountClosedMessage(supportEmail),
        data: { accountClosed: true, supportEmail } satisfies AccountClosedData,
      };

/** The sign-in's refusals of such an account, by the status they speak of. */
const INACTIVE_ACCOUNT_CODES: Partial<Record<ErrorCode, 'blocked' | 'closed'>> = {
  ACCOUNT_BLOCKED: 'blocked',
  ACCOUNT_CLOSED: 'closed',
};

export const validationEnvelope = (results: ValidationResult[]): ValidationErrorEnvelope => ({
  status: 'error',
  message: [{ validation_results: results }],
});

export const errorEnvelope = (code: ErrorCode, message: string): ErrorEnvelope => ({
  status: 'error',
  message,
  error: code,
});

/** One result per field (its first problem), named by its path inside the body or query. */
function toValidationResults(error: FastifyError): ValidationResult[] {
  const byField = new Map<string, string>();
  for (const issue of error.validation ?? []) {
    const field =
      issue.instancePath.replace(/^\//, '').replaceAll('/', '.') ||
      (error.validationContext ?? 'body');
    if (!byField.has(field)) byField.set(field, issue.message ?? 'Invalid value');
  }
  return [...byField].map(([field, reason]) => ({ field, reason }));
}

/**
 * The one error handler: every failure leaves in the API's envelope; a 5xx says only that
 * something went wrong, with the request id that is also in the log.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.code(422).send(validationEnvelope(toValidationResults(error)));
    }
    if (error instanceof FieldError) {
      return reply.code(422).send(validationEnvelope(error.results));
    }
    if (error instanceof AppError) {
      // Every refusal of a blocked or closed account, at any sign-in step, gives the support
      // address, and the data the app's notice shows it with.
      const status = INACTIVE_ACCOUNT_CODES[error.code];
      const inactive = status
        ? inactiveAccountAnswer(status, request.server.ctx.config.supportEmail)
        : null;
      return reply
        .code(error.statusCode)
        .headers({ ...retryAfterOf(error.statusCode), ...error.headers })
        .send({
          ...errorEnvelope(error.code, inactive?.message ?? error.message),
          ...(error.data === undefined && !inactive ? {} : { data: inactive?.data ?? error.data }),
        });
    }
    if (error instanceof InsufficientFundsError) {
      return reply.code(422).send(errorEnvelope('INSUFFICIENT_FUNDS', 'Insufficient balance'));
    }
    // The same money operation asked again with other amounts: the state refuses it, as 409
    // does for an idempotency key reused with another body; what was posted first stands.
    if (error instanceof ReferenceConflictError) {
      request.log.warn({ err: error }, 'ledger reference replayed with different lines');
      return reply
        .code(409)
        .send(errorEnvelope('CONFLICT', 'This operation was already recorded with other amounts'));
    }
    // A row held by another operation past lock_timeout, or a statement past statement_timeout:
    // the transaction rolled back, so the same request may simply be sent again (decision 0039).
    if (isRecordBusy(error)) {
      request.log.warn({ err: error }, 'record busy: lock or statement timeout');
      return reply
        .code(409)
        .headers({ 'retry-after': String(BUSY_RETRY_AFTER_SECONDS) })
        .send(
          errorEnvelope(
            'BUSY',
            'This record is busy with another operation; nothing was changed, please try again in a few seconds',
          ),
        );
    }
    // The database up but every connection busy for the whole wait: a load, not an outage.
    if (isPoolSaturated(error)) {
      request.log.warn({ err: error }, 'database connections all busy');
      return reply
        .code(503)
        .headers(retryAfterOf(503))
        .send(errorEnvelope('UNAVAILABLE', 'The service is busy, please try again shortly'));
    }
    // The database down, restarting or out of connections is not the request's fault.
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .code(503)
        .headers(retryAfterOf(503))
        .send(errorEnvelope('UNAVAILABLE', 'The service is unavailable, please try again shortly'));
    }
    // A sealed value (an authenticator secret, a member's file) under a key this instance does
    // not hold, or altered: a key dropped too early or a configuration to fix, not the request's
    // fault. The log names the key id for the operator; the answer names nothing.
    if (error instanceof SealedSecretError) {
      request.log.error(
        { err: error },
        'a sealed value could not be opened: is its key in the *_PREVIOUS_KEYS setting?',
      );
      return reply
        .code(503)
        .headers(retryAfterOf(503))
        .send(
          errorEnvelope(
            'UNAVAILABLE',
            'This cannot be done on the server right now; please try again later or contact support',
          ),
        );
    }
    // Schemas refuse control characters in text; this is the guard should one field miss it.
    if (isUnstorableText(error)) {
      request.log.warn({ err: error }, 'input the database cannot store as text');
      return reply
        .code(400)
        .send(
          errorEnvelope('BAD_REQUEST', 'The request contains characters that cannot be stored'),
        );
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      const message = error.message || 'Too many requests, please try again later';
      return reply.code(429).send(errorEnvelope('RATE_LIMITED', message));
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, wrong content type).
      request.log.info({ err: error }, 'client error');
      return reply.code(status).send(errorEnvelope('BAD_REQUEST', clientMessage(error)));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({
      ...errorEnvelope('INTERNAL', 'Something went wrong, please try again later'),
      requestId: request.id,
    });
  });

  app.setNotFoundHandler((request, reply) => {
    reply
      .code(404)
      .send(
        errorEnvelope(
          'NOT_FOUND',
          `Route ${request.method} ${request.url.split('?')[0]} not found`,
        ),
      );
  });
}

/** Every 503 says when to try again, as health and the payment gateway's refusal do. */
const retryAfterOf = (status: number): Record<string, string> =>
  status === 503 ? { 'retry-after': String(RETRY_AFTER_SECONDS) } : {};

function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Send the request body as application/json';
    default:
      return 'The request could not be understood';
  }
}
