import type { Plugin, Rollup } from 'vite';
import { afterFirstFrame, preloadModules } from './page-scripts.ts';

export type PreloadSignedInOptions = {
  /** Modules of the signed-in frame, whose chunks (and their imports) a member needs. */
  frameModules: string[];
  /** Per path, the route module whose chunks that screen needs besides the frame. */
  routeModules: Record<string, string>;
  /** Paths shown without the frame: nothing is preloaded there. */
  publicPaths: string[];
  /** The localStorage key that holds the session token (JSON, as the app stores it). */
  tokenKey: string;
  /** The GETs to send at once: the frame's on every signed-in screen, and per path. */
  requests: {
    apiBasePath: string;
    frame: string[];
    screens: Record<string, string[]>;
    /** The property of `window` that holds the answers for the app. */
    globalKey: string;
  };
  /**
   * JavaScript source of a function of the answers (request → pending Response) that draws what
   * it can of them into the page before the app has loaded (lib/early-figures.ts).
   */
  earlyPaint: string;
};

const isChunk = (output: Rollup.OutputBundle[string]): output is Rollup.OutputChunk =>
  output.type === 'chunk';

/** The files of the chunks holding any of `modules`, with everything they import. */
function filesFor(chunks: Rollup.OutputChunk[], modules: string[], exclude: Set<string>): string[] {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file) || exclude.has(file)) return;
    files.add(file);
    for (const imported of byFile.get(file)?.imports ?? []) visit(imported);
  };
  const isListed = (id: string | null) => !!id && modules.some((module) => id.endsWith(module));
  // A module the app imports lazily may be reached through a facade: a small chunk of its own
  // that only re-exports it from the chunk holding it (as the bundler does once a start step
  // waits at the top level of a module), which the app asks for first.
  for (const chunk of chunks) {
    if (chunk.moduleIds.some(isListed) || isListed(chunk.facadeModuleId)) visit(chunk.fileName);
  }
  return [...files].map((file) => `/${file}`);
}

/**
 * The script itself: plain JavaScript in a block (a classic script's top-level names would be
 * globals), run while the browser parses the head.
 */
export function buildPreloadScript(
  frame: string[],
  routes: Record<string, string[]>,
  options: Pick<PreloadSignedInOptions, 'publicPaths' | 'tokenKey' | 'requests' | 'earlyPaint'>,
): string {
  const { apiBasePath, frame: frameRequests, screens, globalKey } = options.requests;
  return `{
const path = location.pathname;
const stored = localStorage.getItem(${JSON.stringify(options.tokenKey)});
if (stored !== null && !${JSON.stringify(options.publicPaths)}.includes(path)) {
  const routes = ${JSON.stringify(routes)};
  // Code after the first frame, as the app's own (build/html-pages.ts); the data at once.
  ${afterFirstFrame(preloadModules(`${JSON.stringify(frame)}.concat(routes[path] ?? [])`))}
  let token = null;
  try { token = JSON.parse(stored); } catch {}
  // Undefined until then: null means the app has drawn its first screen without them.
  if (typeof token === 'string' && window[${JSON.stringify(globalKey)}] === undefined) {
    const screens = ${JSON.stringify(screens)};
    const answers = {};
    for (const request of ${JSON.stringify(frameRequests)}.concat(screens[path] ?? [])) {
      const response = fetch(${JSON.stringify(apiBasePath)} + request, {
        headers: { Accept: 'application/json', Authorization: 'Bearer ' + token },
      }).catch(() => null);
      answers[request] = { token, response };
    }
    window[${JSON.stringify(globalKey)}] = answers;
    (${options.earlyPaint})(answers);
  }
}
}`;
}

/**
 * The signed-in frame's code and the first screen's data are asked for only once the app's
 * scripts have arrived and run, a round trip and a download after them on a phone network.
 * This puts a tiny script in index.html's head that, for a visitor holding a session on a
 * signed-in screen, starts those downloads and requests at once, beside the app's own
 * scripts. A visitor without a session downloads nothing more. Inline, not a file of its own:
 * a file would be one more round trip before any of it starts (the server's CSP allows it by
 * its hash, see build/html-pages.ts).
 */
export function preloadSignedIn(options: PreloadSignedInOptions): Plugin {
  let script = '';
  return {
    name: 'member-invest:preload-signed-in',
    apply: 'build',
    generateBundle: {
      order: 'pre',
      handler(_outputOptions, bundle) {
        const chunks = Object.values(bundle).filter(isChunk);
        const entries = chunks.filter((chunk) => chunk.isEntry);
        const loadedByHtml = new Set(
          entries.flatMap((entry) => [entry.fileName, ...entry.imports]),
        );
        const frame = filesFor(chunks, options.frameModules, loadedByHtml);
        const routes = Object.fromEntries(
          Object.entries(options.routeModules).map(([path, module]) => [
            path,
            filesFor(chunks, [module], new Set([...loadedByHtml, ...frame.map((f) => f.slice(1))])),
          ]),
        );
        script = buildPreloadScript(frame, routes, options);
      },
    },
    transformIndexHtml: {
      order: 'post',
      // A classic script: run as soon as it is parsed, before the app's module scripts.
      handler: () => [{ tag: 'script', children: script, injectTo: 'head' }],
    },
  };
}
