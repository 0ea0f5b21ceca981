import { isErrorCode, type ErrorCode, type ValidationResult } from '@app/contracts';

// Reads the API's envelope (decision 0002) defensively: the body may be anything, even HTML from
// a proxy, and the client must still say something sensible.
type Body = Record<string, unknown>;

const isRecord = (value: unknown): value is Body =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Success needs an OK HTTP status and `status: 'success'` or `success: true`. The contract also
 * accepted any truthy status, but the error envelope carries `status: 'error'`, which is
 * truthy, so that rule would let every failure through.
 */
export function isSuccessBody(ok: boolean, body: unknown): body is Body {
  return ok && isRecord(body) && (body.status === 'success' || body.success === true);
}

function readValidationResults(message: unknown): ValidationResult[] | null {
  if (!Array.isArray(message)) return null;
  const first: unknown = message[0];
  if (!isRecord(first) || !Array.isArray(first.validation_results)) return null;
  return first.validation_results.filter(
    (item): item is ValidationResult =>
      isRecord(item) && typeof item.field === 'string' && typeof item.reason === 'string',
  );
}

export type ErrorDetails = {
  /** What to show the member, one toast each. */
  messages: string[];
  code: ErrorCode | undefined;
  validation: ValidationResult[];
  /** The `data` an error answer carries (SECOND_FACTOR_REQUIRED's challenge), if any. */
  data?: unknown;
};

/** Validation results become one 'field: reason' line each; otherwise message, msg or error. */
export function readErrorDetails(body: unknown, httpStatus: number): ErrorDetails {
  const record = isRecord(body) ? body : {};
  const code = isErrorCode(record.error) ? record.error : undefined;
  const validation = readValidationResults(record.message);
  if (validation && validation.length > 0) {
    return {
      messages: validation.map(({ field, reason }) => `${field}: ${reason}`),
      code,
      validation,
    };
  }
  const text = [record.message, record.msg, record.error].find(
    (value): value is string => typeof value === 'string' && value.trim() !== '',
  );
  return {
    messages: [text ?? `Request failed (HTTP ${httpStatus})`],
    code,
    validation: [],
    ...(record.data === undefined ? {} : { data: record.data }),
  };
}

export function readSuccessMessage(body: Body): string {
  return typeof body.message === 'string' ? body.message : '';
}
