import nodemailer from 'nodemailer';
import type { Logger } from 'pino';

export type Mail = { to: string; subject: string; text: string };
export type StoredMail = Mail & { id: number; at: string };

export type Mailer = {
  send: (mail: Mail) => Promise<void>;
  /** Mails kept for the dev mailbox page; only the log-only mailer keeps any. */
  outbox: () => StoredMail[];
  close: () => void;
};

const OUTBOX_LIMIT = 200;
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);
/**
 * Bounds of one SMTP conversation. nodemailer waits up to ten minutes on a silent socket by
 * default; a send must end well within the outbox's claim lease (two minutes), or another
 * sender could take the same mail while this one still waits.
 */
export const SMTP_TIMEOUTS_MS = { connection: 10_000, greeting: 10_000, socket: 30_000 };
const MAX_ERROR_LENGTH = 300;

/**
 * A failed send as the outbox stores it: the client's code and message, never the SMTP URL's
 * user name or password (an authentication failure may quote what it was given).
 */
export class MailSendError extends Error {
  constructor(error: unknown, secrets: string[]) {
    const code = (error as { code?: unknown } | null)?.code;
    let text = error instanceof Error ? error.message : String(error);
    for (const secret of secrets) if (secret) text = text.replaceAll(secret, '[withheld]');
    super(`${typeof code === 'string' ? `${code}: ` : ''}${text}`.slice(0, MAX_ERROR_LENGTH));
    this.name = 'MailSendError';
  }
}

/**
 * SMTP when SMTP_URL is set; otherwise mails are only logged and kept for the dev mailbox
 * page, clearly marked as not sent.
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  logger: Logger;
}): Mailer {
  const { smtpUrl, from, logger } = options;
  if (!smtpUrl) return createLogMailer(logger);
  const url = new URL(smtpUrl);
  const user = decodeURIComponent(url.username);
  const pass = decodeURIComponent(url.password);
  const transport = nodemailer.createTransport({
    host: url.hostname,
    port: Number(url.port) || (url.protocol === 'smtps:' ? 465 : 587),
    secure: url.protocol === 'smtps:',
    auth: user ? { user, pass } : undefined,
    connectionTimeout: SMTP_TIMEOUTS_MS.connection,
    greetingTimeout: SMTP_TIMEOUTS_MS.greeting,
    socketTimeout: SMTP_TIMEOUTS_MS.socket,
    // A local relay often offers STARTTLS with a self-signed certificate; only there is it accepted.
    tls: LOOPBACK.has(url.hostname) ? { rejectUnauthorized: false } : undefined,
  });
  return {
    send: async (mail) => {
      try {
        await transport.sendMail({ from, ...mail });
      } catch (error) {
        throw new MailSendError(error, [user, pass]);
      }
      logger.info({ to: mail.to, subject: mail.subject }, 'mail sent');
    },
    outbox: () => [],
    close: () => transport.close(),
  };
}

function createLogMailer(logger: Logger): Mailer {
  const stored: StoredMail[] = [];
  let nextId = 1;
  return {
    send: async (mail) => {
      stored.unshift({ ...mail, id: nextId++, at: new Date().toISOString() });
      stored.length = Math.min(stored.length, OUTBOX_LIMIT);
      logger.warn(
        { to: mail.to, subject: mail.subject, text: mail.text },
        'mail NOT sent (no SMTP_URL): see /dev/mailbox',
      );
    },
    outbox: () => [...stored],
    close: () => undefined,
  };
}
