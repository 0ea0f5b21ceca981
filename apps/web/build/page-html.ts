// The prerendered pages' HTML, made from the index.html Vite writes (build/html-pages.ts).
import { PRERENDERED_STYLES_ATTRIBUTE } from '../src/lib/style-cache.ts';
import { afterFirstFrame, atFirstUse, preloadModules } from './page-scripts.ts';

/** What goes into each prerendered page's head besides the screen's styles (app/prerendered-page.ts). */
export type PageHead = { script: string; style: string };

/** Replaces the one `search` in `text`; a template without it is a build error, not a no-op. */
function replaceOnce(text: string, search: string | RegExp, replacement: string): string {
  if (!text.match(search)) throw new Error(`html-pages: index.html has no ${String(search)}`);
  return text.replace(search, () => replacement);
}

/**
 * Emotion writes each style right before the first element that uses it: about thirty style
 * elements the parser meets between the screen's elements, so the browser may lay out and paint
 * a screen half parsed (the sign-in's card, centred, moved as its lower half arrived). Moved to
 * the head instead, as one element per global style, which emotion's cache takes over, and one
 * for the rest under an attribute of its own, whose names the app's cache takes as already
 * inserted and whose element it leaves where it is (lib/style-cache.ts).
 */
export function hoistStyles(markup: string): { styles: string; markup: string } {
  const globals: string[] = [];
  const ids: string[] = [];
  let rules = '';
  const rest = markup.replace(
    /<style data-emotion="([^" ]+) ([^"]*)">([^<]*)<\/style>/g,
    (element: string, key: string, names: string, css: string) => {
      if (key.endsWith('-global')) globals.push(element);
      else if (key !== 'css') throw new Error(`html-pages: an emotion cache keyed ${key}`);
      // A style is named by its content's hash: written twice (by two inputs, or two renders
      // of one page), it is kept once.
      else if (!ids.includes(names)) {
        ids.push(names);
        rules += css;
      }
      return '';
    },
  );
  if (/<style\b/.test(rest)) throw new Error('html-pages: a style element emotion did not write');
  const merged =
    ids.length > 0
      ? [`<style ${PRERENDERED_STYLES_ATTRIBUTE}="${ids.join(' ')}">${rules}</style>`]
      : [];
  return { styles: [...new Set(globals), ...merged].join(''), markup: rest };
}

/**
 * The page asks for the app's scripts once its first frame is drawn. Left to the HTML (Vite's
 * module script and modulepreload links), they arrived over a fast connection before the
 * browser's first frame and ran before it; and Lighthouse, which cannot see when a module ran,
 * counts every script that arrived before the first paint as needed for it (their whole
 * download, 2.1 s instead of 0.7 s on a simulated phone). On a phone network the scripts take
 * seconds to arrive: asking a frame later costs the parse and first paint of a small page.
 */
export function startAfterFirstFrame(html: string, startAtFirstUseIf?: string): string {
  const tags =
    /\s*<script type="module" crossorigin src="([^"]+)"><\/script>|\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;
  let entry = '';
  const imports: string[] = [];
  const rest = html.replace(tags, (_tag, script?: string, preload?: string) => {
    if (script) entry = script;
    if (preload) imports.push(preload);
    return '';
  });
  if (!entry) throw new Error('html-pages: index.html has no module script');
  const startApp = `${preloadModules(JSON.stringify(imports))}
  const script = document.createElement('script');
  script.type = 'module';
  script.crossOrigin = '';
  script.src = ${JSON.stringify(entry)};
  document.head.append(script);`;
  const start = startAtFirstUseIf
    ? `{
const startApp = () => {
  ${startApp}
};
if (${startAtFirstUseIf}) {
${atFirstUse('startApp();')}
} else ${afterFirstFrame('startApp();')}
}`
    : `{
${afterFirstFrame(startApp)}
}`;
  return replaceOnce(rest, '</body>', `  <script>${start}</script>\n  </body>`);
}

/** The element after #root whose parsing lets the browser render (see prerenderedPage). */
const SCREEN_END = 'prerendered-end';

/**
 * `startAtFirstUseIf`, a condition in JavaScript read on the page, defers the app further: while
 * it holds, the app's scripts are asked for at the visitor's first use of the page (a tap, a key,
 * text in a field) instead of after the first frame. For a screen that works as plain HTML until
 * then (the sign-in: its fields take text, its links navigate, its head script holds a submit),
 * so an inexpensive phone spends nothing on code the visitor has not reached for yet.
 */
export type StartOptions = { startAtFirstUseIf?: string };

/**
 * index.html with `markup` in its #root, named on <html data-prerendered>, its styles in the
 * head (hoistStyles) and the app started after the first frame (startAfterFirstFrame). Its
 * rendering waits until the parser is past #root (`rel=expect`, `blocking=render`, as React
 * writes in the documents it streams): on a busy processor the parser stops now and then, and
 * the browser painted a sign-in card half parsed, which then moved (it is centred) as its
 * lower half arrived: a layout shift of 0.05–0.07 in one load of four at a load average of 5. React
 * writes the screen's <title> first (it belongs in the head): it replaces the template's, and
 * the app takes it over as React does a title. The markup must hold no script: the CSP allows
 * only the ones the manifest lists, and the page would otherwise carry code nobody reviewed.
 */
export function prerenderedPage(
  template: string,
  screen: string,
  rendered: string,
  head: PageHead,
  { startAtFirstUseIf }: StartOptions = {},
): string {
  if (/<script\b/i.test(rendered)) throw new Error(`html-pages: ${screen} rendered a <script>`);
  const title = /^<title>[^<]*<\/title>/.exec(rendered)?.[0];
  const { styles, markup } = hoistStyles(rendered.slice(title?.length ?? 0));
  let html = replaceOnce(template, /<html\b/, `<html data-prerendered="${screen}"`);
  if (title) html = replaceOnce(html, /<title>[^<]*<\/title>/, title);
  html = replaceOnce(
    html,
    '</head>',
    `  <link rel="expect" href="#${SCREEN_END}" blocking="render">\n    ${styles}\n    <style>${head.style}</style>\n    <script>${head.script}</script>\n  </head>`,
  );
  html = replaceOnce(
    html,
    '<div id="root"></div>',
    `<div id="root">${markup}</div><template id="${SCREEN_END}"></template>`,
  );
  return startAfterFirstFrame(html, startAtFirstUseIf);
}
