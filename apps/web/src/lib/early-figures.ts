// The frame page draws the member's balances before the app has loaded (decision 0065): the
// early script (build/preload-signed-in.ts) already asks for them as the page arrives, and
// writes them into the frame's skeleton as soon as they are in, the way the app will draw them.

/** The request whose answer an element of the frame shows: `auth/wallet-balance`. */
const REQUEST = 'data-early-request';
/** The field of that answer's `data` the element shows, in dollars. */
const FIELD = 'data-early-field';
/** How many decimals: 2, as on the wallet cards. */
const DECIMALS = 'data-early-decimals';
/** A text the element shows once the answer is in (a card's title), instead of a figure. */
const TEXT = 'data-early-text';
/** Only on this path: the frame's cards are the dashboard's wallets there, and nowhere else. */
const PATH = 'data-early-path';

type Shown = { request: string; path?: string } & (
  { field: string; decimals: number } | { text: string }
);

/** The attributes of a skeleton element the early script fills in (see above). */
export function earlyFigure(shown: Shown): Record<string, string> {
  return {
    [REQUEST]: shown.request,
    ...(shown.path ? { [PATH]: shown.path } : {}),
    ...('text' in shown
      ? { [TEXT]: shown.text }
      : { [FIELD]: shown.field, [DECIMALS]: String(shown.decimals) }),
  };
}

/** Writes dollars to so many decimals: the contracts' writeDollars, which uses nothing outside. */
type DollarWriter = (value: number, decimals: number) => string;

/**
 * The early script's painter, as JavaScript source: a function of its answers (request → its
 * pending Response). It reads a copy of each answer (the app takes the original), and fills the
 * elements marked by earlyFigure with the figures formatted as the app formats them (the
 * source of `writeDollars` is carried along) or with their text. Elements the app has replaced
 * are gone, so nothing is written over the app's screen.
 */
export function earlyPaintSource(writeDollars: DollarWriter): string {
  return `(answers) => {
  const writeDollars = (${String(writeDollars)});
  for (const [request, { response }] of Object.entries(answers)) {
    response
      .then((answer) => (answer && answer.ok ? answer.clone().json() : null))
      .then((body) => {
        if (!body || body.status !== 'success' || !body.data) return;
        const paint = () => {
          for (const element of document.querySelectorAll('[${REQUEST}="' + request + '"]')) {
            const path = element.getAttribute('${PATH}');
            if (path !== null && path !== location.pathname) continue;
            const text = element.getAttribute('${TEXT}');
            const value = body.data[element.getAttribute('${FIELD}')];
            if (text !== null) element.textContent = text;
            else if (typeof value === 'number')
              element.textContent = writeDollars(value, Number(element.getAttribute('${DECIMALS}')));
          }
        };
        if (document.readyState === 'loading') addEventListener('DOMContentLoaded', paint);
        else paint();
      })
      .catch(() => {});
  }
}`;
}
