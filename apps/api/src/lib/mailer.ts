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
  const transport = nodemailer.createTransport({
    host: url.hostname,
    port: Number(url.port) || (url.protocol === 'smtps:' ? 465 : 587),
    secure: url.protocol === 'smtps:',
    auth: url.username
      ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
      : undefined,
    // A local relay often offers STARTTLS with a self-signed certificate; only there is it accepted.
    tls: LOOPBACK.has(url.hostname) ? { rejectUnauthorized: false } : undefined,
  });
  return {
    send: async (mail) => {
      await transport.sendMail({ from, ...mail });
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
