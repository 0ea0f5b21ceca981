import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { call, type Call } from './requests.ts';

// A NOWPayments stand-in for tests: a real HTTP server on 127.0.0.1 that answers the invoice API
// (checking x-api-key) and records what it was asked, and that sends signed IPN callbacks the way
// NOWPayments documents them. The app's client therefore really talks HTTP to it.

export const FAKE_API_KEY = 'fake-gateway-api-key';
export const FAKE_IPN_SECRET = 'fake-gateway-ipn-secret';

export type FakeInvoice = {
  id: string;
  price_amount: number;
  price_currency: string;
  order_id: string;
  order_description: string;
  ipn_callback_url: string;
  success_url: string;
  cancel_url: string;
  partially_paid_url?: string;
  invoice_url: string;
};

/** How the next invoice requests are answered: normally, with a 500, or too late. */
export type FakeMode = 'ok' | 'error' | 'slow';

export type FakeGateway = {
  url: string;
  /** The variables that point an app at this gateway. */
  env: Record<string, string>;
  invoices: FakeInvoice[];
  /** Invoice requests refused for a wrong or missing x-api-key. */
  refusedKeys: number;
  mode: FakeMode;
  /** The app callbacks are delivered to (through inject: no open port needed). */
  useApp: (app: FastifyInstance) => void;
  /** The signed body of a callback for the latest invoice (or `overrides.order_id`'s). */
  callback: (
    status: string,
    overrides?: Record<string, unknown>,
  ) => { body: Record<string, unknown>; signature: string };
  /** Sends that callback to the app's IPN path and returns the app's answer. */
  deliver: (status: string, overrides?: Record<string, unknown>) => Promise<Call>;
  close: () => Promise<void>;
};

/** NOWPayments' own reference code: keys sorted recursively, then JSON.stringify. */
function sortObject(value: Record<string, unknown>): Record<string, unknown> {
  return Object.keys(value)
    .sort()
    .reduce<Record<string, unknown>>((result, key) => {
      const item = value[key];
      result[key] =
        item && typeof item === 'object' ? sortObject(item as Record<string, unknown>) : item;
      return result;
    }, {});
}

export const signIpn = (body: Record<string, unknown>, secret = FAKE_IPN_SECRET) =>
  createHmac('sha512', secret)
    .update(JSON.stringify(sortObject(body)))
    .digest('hex');

export async function startFakeGateway(): Promise<FakeGateway> {
  const invoices: FakeInvoice[] = [];
  let app: FastifyInstance | undefined;
  let nextId = 5_000_000_001;
  let paymentId = 9_000_000_001;

  const fake: FakeGateway = {
    url: '',
    env: {},
    invoices,
    refusedKeys: 0,
    mode: 'ok',
    useApp: (target) => void (app = target),
    callback: (status, overrides = {}) => {
      const orderId = overrides.order_id ?? invoices.at(-1)?.order_id;
      const invoice = invoices.find((candidate) => candidate.order_id === orderId);
      if (!invoice) throw new Error(`the fake gateway has no invoice for order ${String(orderId)}`);
      // Field order as NOWPayments sends it (not sorted): the app must sort to verify.
      const body = {
        payment_id: paymentId++,
        payment_status: status,
        pay_address: 'TFakePayAddress',
        price_amount: invoice.price_amount,
        price_currency: invoice.price_currency,
        pay_amount: invoice.price_amount,
        actually_paid: status === 'finished' ? invoice.price_amount : 0,
        pay_currency: 'usdttrc20',
        order_id: invoice.order_id,
        order_description: invoice.order_description,
        purchase_id: '6000000001',
        outcome_amount: invoice.price_amount,
        outcome_currency: 'usdttrc20',
        invoice_id: Number(invoice.id),
        fee: { currency: 'usdttrc20', depositFee: 0, withdrawalFee: 0, serviceFee: 0 },
        ...overrides,
      };
      return { body, signature: signIpn(body) };
    },
    deliver: async (status, overrides) => {
      if (!app) throw new Error('call useApp(app) before deliver');
      const { body, signature } = fake.callback(status, overrides);
      const invoice = invoices.find((candidate) => candidate.order_id === body.order_id);
      const path = new URL(invoice?.ipn_callback_url ?? 'http://x/api/v1/payments/nowpayments/ipn')
        .pathname;
      return call(app, 'POST', path, body, { headers: { 'x-nowpayments-sig': signature } });
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  const server = createServer((request, response) => {
    void handle(request, response);
  });

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    if (request.method !== 'POST' || request.url !== '/v1/invoice') {
      return answer(404, { message: 'not found' });
    }
    if (request.headers['x-api-key'] !== FAKE_API_KEY) {
      fake.refusedKeys += 1;
      return answer(403, { message: 'Invalid api key' });
    }
    if (fake.mode === 'error') return answer(500, { message: 'internal gateway trouble' });
    if (fake.mode === 'slow') {
      let abandoned = false;
      response.once('close', () => (abandoned = !response.writableEnded));
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      // The client gave up (its timeout is shorter): keep no invoice, or it would become "the
      // latest invoice" that a later test's callbacks are signed for.
      if (abandoned) return;
    }
    const requested = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Omit<
      FakeInvoice,
      'id' | 'invoice_url'
    >;
    const id = String(nextId++);
    const invoice = { ...requested, id, invoice_url: `${fake.url}/invoice/${id}` };
    invoices.push(invoice);
    return answer(200, { ...invoice, created_at: new Date().toISOString() });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  fake.url = `http://127.0.0.1:${port}`;
  fake.env = {
    NOWPAYMENTS_API_URL: fake.url,
    NOWPAYMENTS_API_KEY: FAKE_API_KEY,
    NOWPAYMENTS_IPN_SECRET: FAKE_IPN_SECRET,
    NOWPAYMENTS_TIMEOUT_MS: '500',
    PUBLIC_URL: 'https://invest.example.test',
  };
  return fake;
}
