import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppConfig } from '../../config/env.ts';

// A NOWPayments-compatible client: invoices out, signed IPN callbacks in. Only the two calls the
// deposit flow needs; everything the gateway answers beyond them is ignored.

export type GatewayConfig = NonNullable<AppConfig['paymentGateway']>;

export type InvoiceRequest = {
  /** Dollars, as the gateway's JSON expects them. */
  priceAmount: number;
  /** Our deposit id: the gateway hands it back as `order_id` in every callback. */
  orderId: string;
  description: string;
  ipnCallbackUrl: string;
  successUrl: string;
  cancelUrl: string;
  partiallyPaidUrl: string;
};

export type Invoice = { id: string; invoiceUrl: string };

/** The gateway was unreachable, slow or answered nonsense; `detail` is for the log only. */
export class GatewayUnavailableError extends Error {
  constructor(readonly detail: string) {
    super(`payment gateway unavailable: ${detail}`);
  }
}

/** POST {base}/v1/invoice; gives up after the configured timeout. */
export async function createInvoice(
  gateway: GatewayConfig,
  request: InvoiceRequest,
): Promise<Invoice> {
  let response: Response;
  try {
    response = await fetch(`${gateway.apiUrl}/v1/invoice`, {
      method: 'POST',
      headers: { 'x-api-key': gateway.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({
        price_amount: request.priceAmount,
        price_currency: 'usd',
        order_id: request.orderId,
        order_description: request.description,
        ipn_callback_url: request.ipnCallbackUrl,
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        partially_paid_url: request.partiallyPaidUrl,
      }),
      signal: AbortSignal.timeout(gateway.timeoutMs),
    });
  } catch (error) {
    throw new GatewayUnavailableError(error instanceof Error ? error.message : String(error));
  }
  const text = await response.text().catch(() => '');
  if (!response.ok)
    throw new GatewayUnavailableError(`HTTP ${response.status}: ${text.slice(0, 200)}`);
  const body = parseObject(text);
  const id = body?.id;
  const invoiceUrl = body?.invoice_url;
  if ((typeof id !== 'string' && typeof id !== 'number') || typeof invoiceUrl !== 'string') {
    throw new GatewayUnavailableError(`unexpected invoice answer: ${text.slice(0, 200)}`);
  }
  return { id: String(id), invoiceUrl };
}

function parseObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The value with every object's keys in sorted order, at any depth (arrays keep their order). */
function withSortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withSortedKeys);
  if (value === null || typeof value !== 'object') return value;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    sorted[key] = withSortedKeys((value as Record<string, unknown>)[key]);
  }
  return sorted;
}

/**
 * The IPN signature: HMAC-SHA512 (hex) of the body re-serialised with sorted keys. NOWPayments
 * signs exactly this serialisation on its side, so the parsed body is all we need.
 */
export function ipnSignature(body: unknown, secret: string): string {
  return createHmac('sha512', secret)
    .update(JSON.stringify(withSortedKeys(body)))
    .digest('hex');
}

const SIGNATURE_PATTERN = /^[0-9a-f]{128}$/i;

/** Compares in constant time; a missing or malformed header is simply not valid. */
export function isValidIpnSignature(body: unknown, header: unknown, secret: string): boolean {
  if (typeof header !== 'string' || !SIGNATURE_PATTERN.test(header)) return false;
  const expected = Buffer.from(ipnSignature(body, secret), 'hex');
  const given = Buffer.from(header, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
