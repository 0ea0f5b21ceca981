import type { FastifyRequest } from 'fastify';

// "From this machine" for pages that must not leave it (the dev mailbox, metrics without a
// token). The TCP peer alone is not enough: a reverse proxy on the same host connects from
// loopback too. So the request must also carry no proxy header, and name a loopback host (which
// also stops a web page that rebinds its own DNS name to 127.0.0.1 from reading the answer).
// X-Forwarded-For is never trusted to grant access, only to refuse it.

const PROXY_HEADERS = [
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-real-ip',
  'via',
];

const isLoopbackAddress = (address: string) =>
  address === '::1' || /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(address);

/** The host of a Host header without its port: `[::1]:3000` → `::1`, `localhost:3000` → `localhost`. */
function hostNameOf(header: string | undefined): string {
  if (!header) return '';
  if (header.startsWith('[')) return header.slice(1, header.indexOf(']'));
  return header.split(':')[0]!.toLowerCase();
}

const isLoopbackName = (name: string) =>
  name === 'localhost' || name.endsWith('.localhost') || isLoopbackAddress(name);

/** Made on this machine, straight to this server: loopback peer, no proxy header, loopback Host. */
export function isLocalRequest(request: FastifyRequest): boolean {
  const peer = request.socket.remoteAddress ?? request.raw.socket?.remoteAddress ?? '';
  if (!isLoopbackAddress(peer)) return false;
  if (PROXY_HEADERS.some((name) => request.headers[name] !== undefined)) return false;
  return isLoopbackName(hostNameOf(request.headers.host));
}
