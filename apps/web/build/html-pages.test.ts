import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Rollup } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { htmlPages, inlineScripts, pagesManifest, scriptHash } from './html-pages.ts';

const HTML = `<!doctype html><html><head>
<script type="module" crossorigin src="/assets/index-Ab12.js"></script>
<script>{ const a = "</div>"; }</script>
</head><body><div id="root"></div><script data-x="1">go()</script></body></html>`;

describe('inline scripts', () => {
  it('are the scripts without a src, their text exactly as written', () => {
    expect(inlineScripts(HTML)).toEqual(['{ const a = "</div>"; }', 'go()']);
  });

  it("are allowed by the SHA-256 of that text, as CSP's hash sources are", () => {
    const digest = createHash('sha256').update('go()').digest('base64');
    expect(scriptHash('go()')).toBe(`'sha256-${digest}'`);
  });

  it('are listed once in the manifest, however many pages carry them', () => {
    const manifest = pagesManifest(
      { 'index.html': HTML, 'sign-in.html': HTML.replace('go()', 'hydrate()') },
      { '/': 'sign-in.html' },
      'index.html',
    );
    expect(manifest).toEqual({
      pages: { '/': 'sign-in.html' },
      otherwise: 'index.html',
      scriptHashes: ['{ const a = "</div>"; }', 'go()', 'hydrate()'].map(scriptHash),
    });
  });
});

describe('the htmlPages plugin', () => {
  // A server-side entry in miniature: the sign-in is the same at both its paths unless told.
  const root = mkdtempSync(join(tmpdir(), 'html-pages-'));
  writeFileSync(
    join(root, 'prerender.js'),
    `export async function prerender(screen, path) {
      if (screen === 'frame') return '<div>frame</div>';
      return '<title>Sign in</title><form>' + (globalThis.pathMatters ? path : '') + '</form>';
    }`,
  );
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const TEMPLATE = `<!doctype html><html lang="en"><head><title>Member Invest</title>
<script type="module" crossorigin src="/assets/index-Ab12.js"></script>
<script>early()</script></head><body><div id="root"></div></body></html>`;

  async function run() {
    const emitted: Record<string, string> = {};
    const plugin = htmlPages({
      entry: 'prerender.js',
      pages: [
        { file: 'sign-in.html', screen: 'sign-in', paths: ['/', '/login'] },
        { file: 'frame.html', screen: 'frame', paths: [] },
      ],
      plainPaths: ['/register'],
      otherwise: 'frame.html',
      head: { script: 'guard()', style: '' },
      ssrConfig: {},
    });
    (plugin.configResolved as (config: { root: string }) => void)({ root });
    const bundle = {
      'index.html': { type: 'asset', fileName: 'index.html', source: TEMPLATE },
    } as unknown as Rollup.OutputBundle;
    const hook = plugin.generateBundle as {
      handler: (this: unknown, options: unknown, bundle: Rollup.OutputBundle) => Promise<void>;
    };
    const context = {
      emitFile: ({ fileName, source }: { fileName: string; source: string }) => {
        emitted[fileName] = source;
      },
    };
    await hook.handler.call(context, {}, bundle);
    return emitted;
  }

  it('writes a page per prerendered screen and the manifest with every inline script', async () => {
    const emitted = await run();
    expect(Object.keys(emitted).sort()).toEqual(['frame.html', 'pages.json', 'sign-in.html']);
    expect(emitted['sign-in.html']).toContain('<div id="root"><form></form></div>');
    expect(emitted['frame.html']).toContain('<div id="root"><div>frame</div></div>');
    const manifest = JSON.parse(emitted['pages.json']!) as ReturnType<typeof pagesManifest>;
    expect(manifest.pages).toEqual({
      '/register': 'index.html',
      '/': 'sign-in.html',
      '/login': 'sign-in.html',
    });
    expect(manifest.otherwise).toBe('frame.html');
    const scripts = [TEMPLATE, emitted['sign-in.html']!, emitted['frame.html']!].flatMap(
      inlineScripts,
    );
    expect(scripts).toContain('guard()');
    expect(new Set(manifest.scriptHashes)).toEqual(new Set(scripts.map(scriptHash)));
  }, 30_000);

  it('refuses to serve one page at paths whose markup differs', async () => {
    (globalThis as Record<string, unknown>).pathMatters = true;
    try {
      await expect(run()).rejects.toThrow(/cannot serve \/login/);
    } finally {
      delete (globalThis as Record<string, unknown>).pathMatters;
    }
  }, 30_000);
});
