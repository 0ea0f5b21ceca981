import type { Plugin } from 'vite';

/**
 * Adds `<link rel="modulepreload">` to index.html for the named chunks, so the browser
 * fetches them alongside the entry instead of after it has run. Vite preloads only the
 * entry's static imports; a chunk that every route imports lazily (the forms and API client
 * the public screens and the shell share) would otherwise start downloading one round trip
 * late.
 */
export function preloadChunks(names: string[]): Plugin {
  return {
    name: 'member-invest:preload-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const files = Object.values(bundle ?? {}).flatMap((output) =>
          output.type === 'chunk' && names.includes(output.name) ? [output.fileName] : [],
        );
        return files.map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}
