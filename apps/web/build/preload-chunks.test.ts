import type { IndexHtmlTransformContext } from 'vite';
import { expect, it } from 'vitest';
import { preloadChunks } from './preload-chunks.ts';

type Handler = (html: string, context: IndexHtmlTransformContext) => unknown;

it('adds a modulepreload link for each named chunk, and for nothing else', () => {
  const plugin = preloadChunks(['public']);
  const hook = plugin.transformIndexHtml as { handler: Handler };
  const chunk = (name: string) => ({ type: 'chunk', name, fileName: `assets/${name}-Ab12.js` });
  const bundle = {
    a: chunk('public'),
    b: chunk('shell'),
    c: { type: 'asset', name: 'public', fileName: 'assets/public-Cd34.css' },
  };

  const tags = hook.handler('<html></html>', {
    bundle,
  } as unknown as IndexHtmlTransformContext);

  expect(tags).toEqual([
    {
      tag: 'link',
      attrs: { rel: 'modulepreload', crossorigin: true, href: '/assets/public-Ab12.js' },
      injectTo: 'head',
    },
  ]);
});
