import type { FastifyInstance } from 'fastify';
import { isLocalRequest } from '../../plugins/local-only.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * Without SMTP_URL mails are not sent; this page shows them so a developer or a demo can
 * still read the codes. Never mounted in production or when real SMTP is configured. The
 * codes defeat the email check of withdrawals for anyone holding a member's token, so with
 * DEV_MAILBOX=local (the default) it answers requests made on this machine only, and the same
 * 404 as an unknown path to anyone else.
 */
export async function devMailboxRoutes(app: FastifyInstance): Promise<void> {
  const { mailer, config } = app.ctx;
  app.addHook('onRequest', async (request, reply) => {
    if (config.devMailbox !== 'open' && !isLocalRequest(request)) return reply.callNotFound();
    reply.header('cache-control', 'no-store');
  });
  app.get('/dev/mailbox.json', { schema: { hide: true } }, async () => ({
    status: 'success',
    message: 'Mails NOT sent',
    data: mailer.outbox(),
  }));
  app.get('/dev/mailbox', { schema: { hide: true } }, async (_request, reply) => {
    const rows = mailer
      .outbox()
      .map(
        (mail) =>
          `<article><h2>${escapeHtml(mail.subject)}</h2><p class="meta">To ${escapeHtml(mail.to)} · ${escapeHtml(mail.at)}</p><pre>${escapeHtml(mail.text)}</pre></article>`,
      )
      .join('');
    reply.type('text/html; charset=utf-8');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Dev mailbox</title>
<style>body{font:15px system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;color:#1b2330}.banner{background:#fff4e5;border:1px solid #f0b36b;padding:.75rem 1rem;border-radius:8px}article{border:1px solid #dde3ea;border-radius:8px;padding:.5rem 1rem;margin:1rem 0}h2{font-size:1.05rem}.meta{color:#5b6878;font-size:.85rem}pre{white-space:pre-wrap;font:inherit}</style></head>
<body><h1>Dev mailbox</h1><p class="banner">These mails were <strong>not sent</strong>: no SMTP_URL is configured. Newest first; the last 200 are kept in memory.</p>${rows || '<p>No mail yet.</p>'}</body></html>`;
  });
}
