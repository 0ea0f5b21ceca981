import { describe, expect, it } from 'vitest';
import { hoistStyles, prerenderedPage, startAfterFirstFrame } from './page-html.ts';

// index.html as Vite writes it, in miniature.
const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <title>Member Invest</title>
    <script type="module" crossorigin src="/assets/index-Ab12.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-Cd34.js">
    <script>early()</script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const HEAD = { script: 'guard()', style: 'html[data-prerendered=stale] #root{display:none}' };

// What React and emotion render: the title first, then each style before its element.
const RENDERED =
  '<title>Sign in · Member Invest</title>' +
  '<style data-emotion="css-global 1a">body{margin:0}</style>' +
  '<style data-emotion="css 2b">.css-2b{color:red}</style><main class="css-2b">' +
  '<style data-emotion="css-global 3c">@keyframes x{}</style>' +
  '<style data-emotion="css 4d 5e">.css-4d{}.css-5e{}</style><p class="css-4d css-5e">Hi</p>' +
  '<style data-emotion="css-global 3c">@keyframes x{}</style></main>';

describe('hoistStyles', () => {
  it("takes emotion's styles out of the markup: each global once, the rest in one element the app's cache leaves in place", () => {
    const { styles, markup } = hoistStyles(RENDERED.slice(RENDERED.indexOf('<style')));
    expect(markup).toBe('<main class="css-2b"><p class="css-4d css-5e">Hi</p></main>');
    expect(styles).toBe(
      '<style data-emotion="css-global 1a">body{margin:0}</style>' +
        '<style data-emotion="css-global 3c">@keyframes x{}</style>' +
        '<style data-prerendered-styles="2b 4d 5e">.css-2b{color:red}.css-4d{}.css-5e{}</style>',
    );
  });

  it('refuses a style it does not know how the app would take over', () => {
    expect(() => hoistStyles('<style>p{}</style><p></p>')).toThrow(/style element/);
    expect(() => hoistStyles('<style data-emotion="mui 1a">p{}</style>')).toThrow(/keyed mui/);
  });
});

describe('startAfterFirstFrame', () => {
  it("replaces the app's module script and preloads with one inline script run after a frame", () => {
    const html = startAfterFirstFrame(TEMPLATE);
    expect(html).not.toMatch(/<script type="module"|rel="modulepreload"/);
    const start = /<script>(\{[\s\S]*?)<\/script>\s*<\/body>/.exec(html)![1]!;
    expect(start).toContain('requestAnimationFrame(');
    expect(start).toContain('["/assets/react-Cd34.js"]');
    expect(start).toContain('script.src = "/assets/index-Ab12.js"');
  });

  it('with a condition, starts the app at the first use while it holds, else after a frame', () => {
    const html = startAfterFirstFrame(TEMPLATE, "location.search === ''");
    const start = /<script>(\{[\s\S]*?)<\/script>\s*<\/body>/.exec(html)![1]!;
    expect(start).toContain("if (location.search === '') {");
    expect(start).toContain('["pointerdown","keydown","input"]');
    expect(start).toContain('addEventListener(type, startOnce, true)');
    expect(start).toContain('} else requestAnimationFrame(');
    expect(start).toContain('script.src = "/assets/index-Ab12.js"');
  });

  it('refuses a page without the module script', () => {
    expect(() => startAfterFirstFrame('<html><body></body></html>')).toThrow(/no module script/);
  });
});

describe('prerenderedPage', () => {
  const page = prerenderedPage(TEMPLATE, 'sign-in', RENDERED, HEAD);

  it('names the screen, takes its title and fills #root without the styles', () => {
    expect(page).toContain('<html data-prerendered="sign-in" lang="en">');
    expect(page).toContain('<title>Sign in · Member Invest</title>');
    expect(page).not.toContain('<title>Member Invest</title>');
    expect(page).toContain(
      '<div id="root"><main class="css-2b"><p class="css-4d css-5e">Hi</p></main></div>',
    );
  });

  it('puts the styles, the stale rule and the guard in the head, before the body', () => {
    const head = page.slice(0, page.indexOf('</head>'));
    expect(head).toContain('<style data-prerendered-styles="2b 4d 5e">');
    expect(head).toContain(`<style>${HEAD.style}</style>`);
    expect(head).toContain(`<script>${HEAD.script}</script>`);
  });

  it('renders nothing until the parser is past #root, so no screen is painted half parsed', () => {
    const expect_ = /<link rel="expect" href="#([\w-]+)" blocking="render">/.exec(page);
    expect(expect_).not.toBeNull();
    expect(page.indexOf(`id="${expect_![1]}"`)).toBeGreaterThan(page.indexOf('</main></div>'));
  });

  it('refuses a screen that rendered a script, which the CSP would not allow', () => {
    expect(() =>
      prerenderedPage(TEMPLATE, 'frame', '<div><script>x()</script></div>', HEAD),
    ).toThrow(/rendered a <script>/);
  });
});
