import type { FastifyInstance } from 'fastify';

// Sessions revoked in this process, told at once to whatever holds something open for them
// (the price streams): a stream must not outlive the session that opened it. Another instance's
// revocations are not heard here; what holds a session open also checks it in the database now
// and then (modules/market/stream-sessions.ts).

/** One session ended, or every session of a member (but the one a password change was made in). */
export type SessionEnd =
  { sessionId: string } | { memberId: string; exceptSessionId?: string | undefined };

export type SessionEnds = {
  /** Called after a revocation is committed. */
  ended: (end: SessionEnd) => void;
  /** Hears every ending until the returned function is called. */
  listen: (listener: (end: SessionEnd) => void) => () => void;
};

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation merges only interfaces
  interface FastifyInstance {
    sessionEnds: SessionEnds;
  }
}

export function createSessionEnds(): SessionEnds {
  const listeners = new Set<(end: SessionEnd) => void>();
  return {
    ended(end) {
      for (const listener of listeners) listener(end);
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Whether a session (of a member) is one that `end` ended. */
export const endsSession = (end: SessionEnd, session: { sessionId: string; memberId: string }) =>
  'sessionId' in end
    ? end.sessionId === session.sessionId
    : end.memberId === session.memberId && end.exceptSessionId !== session.sessionId;

export const registerSessionEnds = (app: FastifyInstance) =>
  app.decorate('sessionEnds', createSessionEnds());
