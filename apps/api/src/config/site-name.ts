/**
 * "Member Invest" of `Member Invest <no-reply@…>`: the site's name as its mails sign, which an
 * authenticator app lists and a browser shows when it asks for a passkey.
 */
export const siteNameOf = (mailFrom: string) =>
  /^\s*"?([^"<]+?)"?\s*</.exec(mailFrom)?.[1] ?? 'Member Invest';
