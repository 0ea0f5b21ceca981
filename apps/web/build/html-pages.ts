import { createHash } from 'node:crypto';
// Types only: Vite loads its config with Node, which cannot run the contracts' TypeScript.
import type { WEB_PAGES_MANIFEST, WebPages } from '@app/contracts';
import type { Plugin, Rollup } from 'vite';

/** The manifest's file name; its type makes it the name the server reads. */
export const PAGES_MANIFEST: typeof WEB_PAGES_MANIFEST = 'pages.json';

/** The text of each inline script (one without `src`) of an HTML page. */
export function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) => match[1]!,
  );
}

/** The CSP source expression that allows exactly this inline script. */
export function scriptHash(script: string): string {
  return `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
}

/** The manifest of `pages` (file → HTML) served as `paths` says, other paths getting `otherwise`. */
export function pagesManifest(
  pages: Record<string, string>,
  paths: Record<string, string>,
  otherwise: string,
): WebPages {
  const hashes = Object.values(pages).flatMap((html) => inlineScripts(html).map(scriptHash));
  return { pages: paths, otherwise, scriptHashes: [...new Set(hashes)] };
}

const isAsset = (output: Rollup.OutputBundle[string] | undefined): output is Rollup.OutputAsset =>
  output?.type === 'asset';

/**
 * Writes `pages.json` beside index.html: which page the server sends for which path and the
 * hashes of the pages' inline scripts, which its Content-Security-Policy allows instead of
 * `'unsafe-inline'`. Hashed from the files as written, so the two cannot drift apart.
 */
export function htmlPages(): Plugin {
  return {
    name: 'member-invest:html-pages',
    apply: 'build',
    generateBundle: {
      // After Vite has written index.html (and the other plugins their tags into it).
      order: 'post',
      handler(_outputOptions, bundle) {
        const index = bundle['index.html'];
        if (!isAsset(index)) throw new Error('html-pages: the build wrote no index.html');
        const manifest = pagesManifest({ 'index.html': String(index.source) }, {}, 'index.html');
        this.emitFile({
          type: 'asset',
          fileName: PAGES_MANIFEST,
          source: `${JSON.stringify(manifest, null, 2)}\n`,
        });
      },
    },
  };
}
