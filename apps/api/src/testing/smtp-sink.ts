import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { to: string[]; subject: string; text: string; raw: string };

export type SmtpSink = {
  url: string;
  mails: ReceivedMail[];
  /** Resolves with the first mail (already received or arriving later) that matches. */
  waitFor: (match: (mail: ReceivedMail) => boolean, timeoutMs?: number) => Promise<ReceivedMail>;
  /**
   * Holds every mail's answer until the returned release is called: a sender stays mid-send, so a
   * test can start a rival while the first sender's claim is certainly taken.
   */
  hold: () => () => void;
  /** Resolves once `count` mails are waiting for their answer under `hold`. */
  waitForHeld: (count: number, timeoutMs?: number) => Promise<void>;
  close: () => Promise<void>;
};

/**
 * A real SMTP server on 127.0.0.1 (plain, no auth) that keeps what it receives; on `port` when
 * given (a test brings a server it closed back up at the same address), else on a free one.
 */
export async function startSmtpSink(port = 0): Promise<SmtpSink> {
  const mails: ReceivedMail[] = [];
  const waiters: Array<{
    match: (mail: ReceivedMail) => boolean;
    resolve: (mail: ReceivedMail) => void;
  }> = [];
  let held: Array<() => void> | null = null;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const mail = parseMail(
          raw,
          session.envelope.rcptTo.map((rcpt) => rcpt.address),
        );
        mails.push(mail);
        for (const waiter of [...waiters]) {
          if (waiter.match(mail)) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve(mail);
          }
        }
        if (held) held.push(() => callback());
        else callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.server.address();
  const bound = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${bound}`,
    mails,
    waitFor: (match, timeoutMs = 10_000) => {
      const found = mails.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no matching mail arrived')), timeoutMs);
        waiters.push({ match, resolve: (mail) => (clearTimeout(timer), resolve(mail)) });
      });
    },
    hold: () => {
      held = [];
      return () => {
        const answers = held ?? [];
        held = null;
        for (const answer of answers) answer();
      };
    },
    waitForHeld: async (count, timeoutMs = 10_000) => {
      const deadline = Date.now() + timeoutMs;
      while ((held?.length ?? 0) < count) {
        if (Date.now() > deadline) throw new Error(`fewer than ${count} mails are held`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Enough MIME for our own plain-text mails: headers, then a 7bit or quoted-printable body. */
function parseMail(raw: string, to: string[]): ReceivedMail {
  const split = raw.indexOf('\r\n\r\n');
  const headers = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const subject = decodeEncodedWords(/^Subject: (.*)$/im.exec(headers)?.[1]?.trim() ?? '');
  const quoted = /^Content-Transfer-Encoding: quoted-printable/im.test(headers);
  const decoded = quoted ? decodeQuotedPrintable(body.replace(/=\r\n/g, '')) : body;
  // Lines travel as CRLF; the app wrote them with \n.
  const text = decoded.replace(/\r\n/g, '\n');
  return { to, subject, text, raw };
}

/**
 * Quoted-printable text back to the characters it encodes: the =XX escapes are UTF-8 bytes, so
 * they are decoded as bytes, not one character each ("→" is three of them).
 */
function decodeQuotedPrintable(encoded: string): string {
  const bytes: number[] = [];
  const utf8 = new TextEncoder();
  for (let i = 0; i < encoded.length; i++) {
    const escape = /^=([0-9A-F]{2})/.exec(encoded.slice(i, i + 3));
    if (escape) {
      bytes.push(parseInt(escape[1]!, 16));
      i += 2;
    } else {
      bytes.push(...utf8.encode(encoded[i]!));
    }
  }
  return new TextDecoder().decode(new Uint8Array(bytes));
}

/** A header's RFC 2047 encoded words (=?UTF-8?Q?…?= or =?UTF-8?B?…?=) as the text they carry. */
function decodeEncodedWords(header: string): string {
  return header
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_word, encoding: string, data: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

/** The six-digit code in one of our OTP mails. */
export function otpFrom(mail: ReceivedMail): string {
  const code = /\b(\d{6})\b/.exec(mail.subject)?.[1];
  if (!code) throw new Error(`no code in mail "${mail.subject}"`);
  return code;
}
