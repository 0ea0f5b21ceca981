/**
 * Sends the browser to the payment gateway's page. Only an http(s) address is followed: the
 * URL comes from the server, but a `javascript:` one must never run in the app's origin.
 */
export function redirectToPaymentPage(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return false;
  window.location.assign(parsed.href);
  return true;
}
