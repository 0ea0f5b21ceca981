import type { Rollup } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';
import { buildPreloadScript, preloadSignedIn } from './preload-signed-in.ts';

const chunk = (fileName: string, moduleIds: string[], imports: string[], isEntry = false) =>
  ({ type: 'chunk', fileName, moduleIds, imports, isEntry }) as unknown as Rollup.OutputChunk;

type GenerateBundle = (this: unknown, options: unknown, bundle: Rollup.OutputBundle) => void;

describe('preloadSignedIn', () => {
  it("lists the frame's and the dashboard's chunks, leaving out what index.html loads", () => {
    const bundle = Object.fromEntries(
      [
        chunk('assets/index.js', ['/w/src/main.tsx'], ['assets/react.js'], true),
        chunk('assets/react.js', ['/w/node_modules/react/index.js'], []),
        chunk(
          'assets/shell.js',
          ['/w/src/app/shell/app-shell.tsx'],
          ['assets/react.js', 'assets/common.js'],
        ),
        chunk('assets/common.js', ['/w/src/lib/format.ts'], ['assets/index.js']),
        chunk(
          'assets/dashboard.js',
          ['/w/src/app/routes/dashboard.tsx'],
          ['assets/shell.js', 'assets/icon.js'],
        ),
        chunk('assets/icon.js', ['/w/node_modules/@mui/icons-material/Check.mjs'], []),
      ].map((output) => [output.fileName, output]),
    );
    let emitted = '';
    const context = {
      emitFile: ({ source }: { source: string }) => {
        emitted = source;
        return 'reference';
      },
      getFileName: () => 'assets/preload-signed-in-Ab12.js',
    };
    const plugin = preloadSignedIn({
      frameModules: ['src/app/shell/app-shell.tsx'],
      routeModules: { '/dashboard': 'src/app/routes/dashboard.tsx' },
      publicPaths: ['/'],
      tokenKey: 'accessToken',
    });
    const hook = plugin.generateBundle as { handler: GenerateBundle };
    hook.handler.call(context, {}, bundle);

    expect(emitted).toContain('["/assets/shell.js","/assets/common.js"]');
    expect(emitted).toContain('{"/dashboard":["/assets/dashboard.js","/assets/icon.js"]}');
    const html = plugin.transformIndexHtml as { handler: () => unknown };
    expect(html.handler()).toEqual([
      {
        tag: 'script',
        attrs: { type: 'module', async: true, src: '/assets/preload-signed-in-Ab12.js' },
        injectTo: 'head',
      },
    ]);
  });
});

describe('the generated script', () => {
  const script = buildPreloadScript(
    ['/assets/shell.js'],
    { '/dashboard': ['/assets/dash.js'] },
    {
      publicPaths: ['/', '/register'],
      tokenKey: 'accessToken',
    },
  );
  const preloaded = () =>
    [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) =>
      link.getAttribute('href'),
    );
  const run = (path: string) => {
    window.history.pushState({}, '', path);
    new Function(script)();
  };

  afterEach(() => {
    document.head.innerHTML = '';
    window.history.pushState({}, '', '/');
  });

  it("preloads the frame and the screen's own chunks for a member holding a session", () => {
    window.localStorage.setItem('accessToken', JSON.stringify('token'));
    run('/dashboard');
    expect(preloaded()).toEqual(['/assets/shell.js', '/assets/dash.js']);
  });

  it('preloads the frame alone on another signed-in screen', () => {
    window.localStorage.setItem('accessToken', JSON.stringify('token'));
    run('/packages');
    expect(preloaded()).toEqual(['/assets/shell.js']);
  });

  it('preloads nothing without a session or on a public screen', () => {
    run('/dashboard');
    expect(preloaded()).toEqual([]);
    window.localStorage.setItem('accessToken', JSON.stringify('token'));
    run('/register');
    expect(preloaded()).toEqual([]);
  });
});
