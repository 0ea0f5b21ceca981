import type { FastifyInstance } from 'fastify';
import { endsSession } from '../../core/sessions/session-ends.ts';
import { liveMemberSessions } from '../../core/sessions/session-check.ts';
import type { MarketStreams } from './stream.ts';

// A price stream ends with the session that opened it. A sign-out, a password change or a
// block in this process ends its streams at once (core/sessions/session-ends.ts); every
// `checkMs` the sessions of all open streams are read again in one query, which catches what
// this process cannot hear: another instance's revocations, an idle or expired session.

export function watchStreamSessions(
  app: FastifyInstance,
  streams: MarketStreams,
  checkMs: number,
): () => void {
  const stopListening = app.sessionEnds.listen((end) => {
    const ended = streams.endWhere((owner) => endsSession(end, owner));
    if (ended > 0) app.log.debug({ ended }, 'market streams ended with their session');
  });
  let checking = false;
  const check = async () => {
    const checked = new Set(streams.sessionIds());
    if (checking || checked.size === 0) return;
    checking = true;
    try {
      const live = await liveMemberSessions(app.ctx.database.db, [...checked], app.ctx.clock.now());
      // A stream opened while the query ran was not checked: it waits for the next round.
      const ended = streams.endWhere(
        (owner) => checked.has(owner.sessionId) && !live.has(owner.sessionId),
      );
      if (ended > 0) app.log.debug({ ended }, 'market streams ended: their session is over');
    } catch (error) {
      // The database being away is no reason to cut every stream; the next round tries again.
      app.log.warn({ err: error }, 'market streams: sessions could not be checked');
    } finally {
      checking = false;
    }
  };
  const timer = setInterval(() => void check(), checkMs);
  timer.unref();
  return () => {
    clearInterval(timer);
    stopListening();
  };
}
