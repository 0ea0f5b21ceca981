import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../lib/mailer.ts';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';

// The tests read mails through this sink: it must give back what the app wrote, whatever
// encoding nodemailer chose for it on the wire.

let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(() => sink.close());

describe('the SMTP sink', () => {
  it('decodes a subject and a body that are not ASCII, as the app wrote them', async () => {
    const mailer = createMailer({
      smtpUrl: sink.url,
      from: 'Member Invest <no-reply@example.com>',
      logger: pino({ level: 'silent' }),
    });
    const subject = 'Name changed: Asha → Āsha Verma ✓';
    const text = `Before → after: “Asha” → “Āsha”.\n${'A long line of text, '.repeat(8)}€ 10.00`;
    await mailer.send({ to: 'member@example.com', subject, text });
    const mail = await sink.waitFor((candidate) => candidate.to.includes('member@example.com'));
    expect(mail.subject).toBe(subject);
    expect(mail.text.trimEnd()).toBe(text);
  });
});
