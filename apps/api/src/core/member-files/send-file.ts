import type { FastifyReply } from 'fastify';
import type { MemberFile } from './index.ts';

/**
 * Sends a stored file to a caller the route has already checked. Never cached (no shared cache,
 * no browser history copy); shown inline but sandboxed, so a PDF's scripts or an SVG trick run
 * nowhere near the app's origin; the type is the one stored, never sniffed.
 */
export function sendMemberFile(reply: FastifyReply, file: MemberFile, name: string): FastifyReply {
  const extension = file.mediaType === 'application/pdf' ? 'pdf' : file.mediaType.split('/')[1];
  return reply
    .headers({
      'content-type': file.mediaType,
      'content-length': String(file.bytes.length),
      'cache-control': 'no-store, private',
      pragma: 'no-cache',
      'x-content-type-options': 'nosniff',
      'content-security-policy':
        "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'",
      'content-disposition': `inline; filename="${name}.${extension}"`,
      'cross-origin-resource-policy': 'same-origin',
    })
    .send(file.bytes);
}
