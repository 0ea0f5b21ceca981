import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
// Types only: Vite loads its config with Node, which cannot run the contracts' TypeScript.
import type { WEB_PAGES_MANIFEST, WebPages } from '@app/contracts';
import { build, type InlineConfig, type Plugin, type Rollup } from 'vite';
import { prerenderedPage, type PageHead, type StartOptions } from './page-html.ts';

/** The manifest's file name; its type makes it the name the server reads. */
export const PAGES_MANIFEST: typeof WEB_PAGES_MANIFEST = 'pages.json';

/** A page whose #root the build fills with a screen rendered at build time. */
export type PrerenderedPage = {
  file: string;
  /** What the entry's `prerender(screen, path)` renders. */
  screen: string;
  /** The paths it answers; each must render the same markup. None: the `otherwise` page. */
  paths: string[];
} & StartOptions;

export type HtmlPagesOptions = {
  /** The server-side entry: exports `prerender(screen: string, path: string): Promise<string>`. */
  entry: string;
  pages: PrerenderedPage[];
  /** Paths answered with index.html as Vite writes it (an empty #root). */
  plainPaths: string[];
  /** The page for every other path. */
  otherwise: string;
  /** Goes into each prerendered page's head: a script and a rule (see app/prerendered-page.ts). */
  head: PageHead;
  /** What the server-side build shares with the app's (plugins, resolve). */
  ssrConfig: InlineConfig;
};

export type Prerender = (screen: string, path: string) => Promise<string>;

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

/**
 * Builds the server-side entry into a temporary folder and loads its `prerender`: its own
 * copies of React and the libraries, as in a process of their own.
 */
export async function loadPrerender(
  root: string,
  options: Pick<HtmlPagesOptions, 'entry' | 'ssrConfig'>,
): Promise<{ prerender: Prerender; done: () => Promise<void> }> {
  const outDir = await mkdtemp(join(tmpdir(), 'member-invest-prerender-'));
  const output = await build({
    ...options.ssrConfig,
    configFile: false,
    root,
    mode: 'production',
    logLevel: 'warn',
    // Everything bundled: the same sources and packages, in their server builds, as the app's.
    ssr: { noExternal: true },
    build: { ssr: options.entry, outDir, emptyOutDir: true, minify: false },
  });
  const chunks = (Array.isArray(output) ? output : [output]).flatMap((result) =>
    'output' in result ? result.output : [],
  );
  const entry = chunks.find((chunk) => chunk.type === 'chunk' && chunk.isEntry);
  if (!entry) throw new Error(`html-pages: the build of ${options.entry} wrote no entry`);
  const module = (await import(pathToFileURL(join(outDir, entry.fileName)).href)) as {
    prerender: Prerender;
  };
  return { prerender: module.prerender, done: () => rm(outDir, { recursive: true, force: true }) };
}

const isAsset = (output: Rollup.OutputBundle[string] | undefined): output is Rollup.OutputAsset =>
  output?.type === 'asset';

/**
 * Writes a page per kind of first screen beside index.html, its screen rendered at build time
 * so the browser paints it from the HTML before any script arrives, and `pages.json`: which
 * page the server sends for which path and the hashes of the pages' inline scripts, which its
 * Content-Security-Policy allows instead of `'unsafe-inline'`. Hashed from the pages as
 * written, so the two cannot drift apart.
 */
export function htmlPages(options: HtmlPagesOptions): Plugin {
  let root = '';
  return {
    name: 'member-invest:html-pages',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle: {
      // After Vite has written index.html (and the other plugins their tags into it).
      order: 'post',
      async handler(_outputOptions, bundle) {
        const index = bundle['index.html'];
        if (!isAsset(index)) throw new Error('html-pages: the build wrote no index.html');
        const template = String(index.source);
        const pages: Record<string, string> = { 'index.html': template };
        const paths = Object.fromEntries(options.plainPaths.map((path) => [path, 'index.html']));
        const { prerender, done } = await loadPrerender(root, options);
        try {
          for (const page of options.pages) {
            const [first = '/', ...others] = page.paths;
            const markup = await prerender(page.screen, first);
            for (const path of others) {
              if ((await prerender(page.screen, path)) !== markup)
                throw new Error(
                  `html-pages: ${page.file} cannot serve ${path}, its markup differs`,
                );
            }
            pages[page.file] = prerenderedPage(template, page.screen, markup, options.head, page);
            for (const path of page.paths) paths[path] = page.file;
          }
        } finally {
          await done();
        }
        for (const [fileName, source] of Object.entries(pages)) {
          if (fileName !== 'index.html') this.emitFile({ type: 'asset', fileName, source });
        }
        const manifest = pagesManifest(pages, paths, options.otherwise);
        this.emitFile({
          type: 'asset',
          fileName: PAGES_MANIFEST,
          source: `${JSON.stringify(manifest, null, 2)}\n`,
        });
      },
    },
  };
}
