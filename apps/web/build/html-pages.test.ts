import { createHash } from 'node:crypto';
import type { Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
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
  it("writes pages.json from the built index.html's inline scripts", () => {
    const emitted: { fileName: string; source: string }[] = [];
    const bundle = {
      'index.html': { type: 'asset', fileName: 'index.html', source: HTML },
    } as unknown as Rollup.OutputBundle;
    const hook = htmlPages().generateBundle as {
      handler: (this: unknown, options: unknown, bundle: Rollup.OutputBundle) => void;
    };
    hook.handler.call({ emitFile: (file: never) => emitted.push(file) }, {}, bundle);

    expect(emitted).toHaveLength(1);
    expect(emitted[0]!.fileName).toBe('pages.json');
    expect(JSON.parse(emitted[0]!.source)).toEqual({
      pages: {},
      otherwise: 'index.html',
      scriptHashes: inlineScripts(HTML).map(scriptHash),
    });
  });
});
