import type { Rollup } from 'vite';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildPreloadScript, preloadSignedIn } from './preload-signed-in.ts';

const chunk = (
  fileName: string,
  moduleIds: string[],
  imports: string[],
  isEntry = false,
  facadeModuleId: string | null = null,
) =>
  ({
    type: 'chunk',
    fileName,
    moduleIds,
    imports,
    isEntry,
    facadeModuleId,
  }) as unknown as Rollup.OutputChunk;

type GenerateBundle = (this: unknown, options: unknown, bundle: Rollup.OutputBundle) => void;

const requests = {
  apiBasePath: '/api/v1/',
  frame: ['auth/wallet-balance'],
  screens: { '/dashboard': ['auth/me'] },
  globalKey: 'earlyAnswers',
};

type ScriptTag = { tag: string; injectTo: string; children: string };

/** The plugin's head script for a bundle of `chunks`, as the build would write it. */
function scriptTagFor(chunks: Rollup.OutputChunk[]): ScriptTag {
  const plugin = preloadSignedIn({
    frameModules: ['src/app/shell/app-shell.tsx'],
    routeModules: { '/dashboard': 'src/app/routes/dashboard.tsx' },
    publicPaths: ['/'],
    tokenKey: 'accessToken',
    requests,
    earlyPaint: '() => {}',
  });
  const bundle = Object.fromEntries(chunks.map((output) => [output.fileName, output]));
  (plugin.generateBundle as { handler: GenerateBundle }).handler.call({}, {}, bundle);
  const html = plugin.transformIndexHtml as unknown as { handler: () => [ScriptTag] };
  return html.handler()[0];
}

describe('preloadSignedIn', () => {
  it("lists the frame's and the dashboard's chunks, leaving out what index.html loads", () => {
    const tag = scriptTagFor([
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
    ]);
    expect(tag).toMatchObject({ tag: 'script', injectTo: 'head' });
    expect(tag).not.toHaveProperty('attrs');
    expect(tag.children).toContain('["/assets/shell.js","/assets/common.js"]');
    expect(tag.children).toContain('{"/dashboard":["/assets/dashboard.js","/assets/icon.js"]}');
  });

  it('lists the facade through which the app asks for a module held in another chunk', () => {
    const tag = scriptTagFor([
      chunk('assets/index.js', ['/w/src/main.tsx'], [], true),
      // What the bundler makes of a lazily imported module once the first chunk waits at its
      // top level: the module in a shared chunk, and a facade that only re-exports it.
      chunk(
        'assets/shell.js',
        ['/w/src/app/shell/app-shell.tsx', '/w/src/app/routes/dashboard.tsx'],
        [],
      ),
      chunk(
        'assets/dashboard.js',
        [],
        ['assets/shell.js'],
        false,
        '/w/src/app/routes/dashboard.tsx',
      ),
    ]);
    expect(tag.children).toContain('{"/dashboard":["/assets/dashboard.js"]}');
  });
});

describe('the generated script', () => {
  const script = buildPreloadScript(
    ['/assets/shell.js'],
    { '/dashboard': ['/assets/dash.js'] },
    { publicPaths: ['/', '/register'], tokenKey: 'accessToken', requests, earlyPaint: '() => {}' },
  );
  const preloaded = () =>
    [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) =>
      link.getAttribute('href'),
    );
  const fetched = vi.fn((_url: string, _init?: RequestInit) => Promise.resolve(new Response('{}')));
  const run = (path: string) => {
    window.history.pushState({}, '', path);
    new Function(script)();
  };
  const answers = () => (window as unknown as Record<string, unknown>).earlyAnswers;
  // The script waits for the first frame, then a task: the fake clock runs the frame, then the
  // task its callback queued.
  const afterFirstFrame = () => {
    vi.advanceTimersToNextFrame();
    vi.runOnlyPendingTimers();
  };

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'setTimeout'] });
    fetched.mockClear();
    vi.stubGlobal('fetch', fetched);
  });

  afterEach(() => {
    vi.useRealTimers();
    document.head.innerHTML = '';
    window.history.pushState({}, '', '/');
    Reflect.deleteProperty(window, 'earlyAnswers');
    vi.unstubAllGlobals();
  });

  it("asks for the screen's data at once, and after the first frame preloads the frame's and the screen's chunks", async () => {
    window.localStorage.setItem('accessToken', JSON.stringify('token'));
    run('/dashboard');
    expect(fetched.mock.calls.map(([url]) => url)).toEqual([
      '/api/v1/auth/wallet-balance',
      '/api/v1/auth/me',
    ]);
    expect(preloaded()).toEqual([]);
    afterFirstFrame();
    expect(preloaded()).toEqual(['/assets/shell.js', '/assets/dash.js']);
    expect(fetched.mock.calls[0]![1]).toEqual({
      headers: { Accept: 'application/json', Authorization: 'Bearer token' },
    });
    expect(Object.keys(answers() as object)).toEqual(['auth/wallet-balance', 'auth/me']);
    expect((answers() as Record<string, { token: string }>)['auth/me']!.token).toBe('token');
  });

  it("preloads and asks for the frame's alone on another signed-in screen", async () => {
    window.localStorage.setItem('accessToken', JSON.stringify('token'));
    run('/packages');
    afterFirstFrame();
    expect(preloaded()).toEqual(['/assets/shell.js']);
    expect(fetched.mock.calls.map(([url]) => url)).toEqual(['/api/v1/auth/wallet-balance']);
  });

  it('does nothing without a session or on a public screen', async () => {
    run('/dashboard');
    window.localStorage.setItem('accessToken', JSON.stringify('token'));
    run('/register');
    afterFirstFrame();
    expect(preloaded()).toEqual([]);
    expect(fetched).not.toHaveBeenCalled();
    expect(answers()).toBeUndefined();
  });

  it('sends no request when the stored session is not a token', () => {
    window.localStorage.setItem('accessToken', '{not json');
    run('/dashboard');
    expect(fetched).not.toHaveBeenCalled();
  });

  it('leaves no failed request unhandled: its answer is null, for the app to ask again', async () => {
    fetched.mockImplementation(() => Promise.reject(new TypeError('offline')));
    window.localStorage.setItem('accessToken', JSON.stringify('token'));
    run('/packages');
    const early = answers() as Record<string, { response: Promise<Response | null> }>;
    await expect(early['auth/wallet-balance']!.response).resolves.toBeNull();
  });
});
