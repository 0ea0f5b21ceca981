import pino, { type DestinationStream, type LevelWithSilent, type Logger } from 'pino';
import pinoPretty from 'pino-pretty';
import { serializeError, serializeRequest } from './log-safety.ts';

export type LogFormat = 'json' | 'pretty';

/**
 * Readable lines on a developer's terminal; JSON for everything else, and always in production,
 * where a log collector reads it.
 */
export const logFormatOf = (env: string, isTerminal: boolean): LogFormat =>
  env !== 'production' && isTerminal ? 'pretty' : 'json';

/**
 * The server's logger. Every error goes through the safe serializer, whichever way it is
 * logged: `log.error({ err }, msg)`, or `log.error(err)` (close-with-grace does), where pino
 * would otherwise take the raw message (a failed query's SQL and parameters) as the line's text.
 */
export function createLogger(options: {
  level: LevelWithSilent;
  format: LogFormat;
  /** Where lines go; stdout unless a test captures them. */
  destination?: DestinationStream;
}): Logger {
  const destination =
    options.format === 'pretty'
      ? pinoPretty({
          translateTime: 'SYS:HH:MM:ss',
          ignore: 'pid,hostname',
          sync: true,
          destination: options.destination ?? 1,
        })
      : (options.destination ?? pino.destination(1));
  return pino(
    {
      level: options.level,
      serializers: { err: serializeError, req: serializeRequest },
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      hooks: {
        logMethod(args, method) {
          const [first, second] = args as unknown[];
          if (typeof second !== 'string') {
            if (first instanceof Error)
              return method.call(this, { err: first }, serializeError(first).message);
            const err = (first as { err?: unknown } | null)?.err;
            if (err instanceof Error)
              return method.call(this, first as object, serializeError(err).message);
          }
          return method.apply(this, args);
        },
      },
    },
    destination,
  );
}

/**
 * The mailer's logger. A mail's subject and text hold one-time codes: they are logged only by
 * the development mailer that sends nothing (the developer reads them there), never once mails
 * really go out, and never in production, where a log reader must not get a member's codes.
 */
export function mailLoggerOf(
  logger: Logger,
  config: { env: string; smtpUrl: string | undefined },
): Logger {
  if (!config.smtpUrl && config.env !== 'production') return logger;
  return logger.child({}, { redact: { paths: ['subject', 'text'], censor: '[withheld]' } });
}
