import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  MEMBER_FILE_MAX_BYTES,
  MEMBER_FILE_TOO_LARGE,
  type ValidationErrorEnvelope,
} from '@app/contracts';

// One file as a request's raw body (application/octet-stream): a phone's browser sends it with
// upload progress, and nothing is buffered past the limit. Fastify refuses a Content-Length over
// the route's bodyLimit before it reads a byte, and stops a body sent without one as soon as it
// passes the limit; either way the answer is the file field's 413.

/** Takes application/octet-stream bodies as a Buffer in this plugin's routes. */
export function registerFileBodies(app: FastifyInstance): void {
  app.addContentTypeParser(
    'application/octet-stream',
    { parseAs: 'buffer', bodyLimit: MEMBER_FILE_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );
}

/** The options of a route that takes one file: its limit and its refusal. */
export const acceptFileBody = {
  bodyLimit: MEMBER_FILE_MAX_BYTES,
  errorHandler: (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
    if (error.code !== 'FST_ERR_CTP_BODY_TOO_LARGE') throw error;
    // The rest of the body is never read: the connection closes after this answer.
    return reply
      .code(413)
      .header('connection', 'close')
      .send({
        status: 'error',
        message: [{ validation_results: [{ field: 'file', reason: MEMBER_FILE_TOO_LARGE }] }],
      } satisfies ValidationErrorEnvelope);
  },
};
