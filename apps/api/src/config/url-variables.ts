import { isIP } from 'node:net';
import { z } from 'zod';

// URL-shaped variables are parsed here the way their clients (node-postgres, nodemailer,
// ioredis, fetch) will parse them, so a value that passes cannot throw later at start or on the
// first request: the start stops with a sentence naming the variable instead.

export type UrlRule = {
  protocols: readonly string[];
  example: string;
  /** node-postgres also takes `postgres:///db?host=/var/run/postgresql` (a Unix socket). */
  allowsSocketHost?: boolean;
};

// Scheme, optional credentials, host (an [IPv6] literal or a name), then the port text as
// written: WHATWG URL only says "Invalid URL" for `:undefined`, this names what is wrong.
const AUTHORITY = /^[a-z][a-z0-9+.-]*:\/\/(?:[^/?#]*@)?(\[[^\]]*\]|[^:/?#]*)(?::([^/?#]*))?/i;

/** What is wrong with a URL-shaped value, or null when its client can use it. */
export function urlProblem(value: string, rule: UrlRule): string | null {
  const schemes = rule.protocols.map((protocol) => `${protocol}//`).join(' or ');
  const scheme = /^([a-z][a-z0-9+.-]*:)\/\//i.exec(value)?.[1]?.toLowerCase();
  if (!scheme || !rule.protocols.includes(scheme)) return `must be a ${schemes} URL`;
  const port = AUTHORITY.exec(value)?.[2];
  if (port !== undefined && port !== '' && !isPort(port))
    return `has the port ${JSON.stringify(port)}; a port is a number from 1 to 65535`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'is not a valid URL';
  }
  if (url.port === '0') return 'has the port "0"; a port is a number from 1 to 65535';
  const hasSocketHost = rule.allowsSocketHost === true && url.searchParams.has('host');
  if (!url.hostname && !hasSocketHost) return 'must name a host';
  if (!decodes(url.username) || !decodes(url.password))
    return 'has a user name or password that is not valid percent-encoding (%XX)';
  return null;
}

const isPort = (text: string) =>
  /^\d{1,5}$/.test(text) && Number(text) >= 1 && Number(text) <= 65535;

function decodes(text: string): boolean {
  try {
    decodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}

/** A zod schema for one URL-shaped variable; the message ends with an example of a good value. */
export const urlVariable = (rule: UrlRule) =>
  z
    .string()
    .trim()
    .superRefine((value, ctx) => {
      const problem = urlProblem(value, rule);
      if (problem) ctx.addIssue({ code: 'custom', message: `${problem} (e.g. ${rule.example})` });
    });

/** An interface to bind: an IP address or a host name, never a URL. */
export const listenHost = z
  .string()
  .trim()
  .min(1)
  .refine(
    (value) =>
      isIP(value) !== 0 ||
      /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i.test(value),
    'must be an IP address or a host name (e.g. 127.0.0.1 or 0.0.0.0)',
  );

/** A value as it may be echoed in an error: the credentials of a URL are never shown. */
export const withoutCredentials = (value: string) => value.replace(/\/\/[^/?#]*@/, '//***@');
