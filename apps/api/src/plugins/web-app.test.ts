import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { WebPages } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { IMMUTABLE_CACHE, loadWebBuild, PUBLIC_FILE_CACHE, REVALIDATE_CACHE } from './web-app.ts';

// A built app in miniature: three pages (the plain one, a prerendered sign-in, the signed-in
// frame), each with an inline script, the manifest naming them, one content-hashed script, each
// with the brotli and gzip copies the build writes beside it, and an unhashed public file.
const page = (name: string) => `<!doctype html><html lang="en"><head><title>Member Invest</title>
<script>window.page = ${JSON.stringify(name)};</script>
<script type="module" src="/assets/index-Ab12Cd34.js"></script></head>
<body><div id="root">${name}</div></body></html>`;
const PAGES = {
  'index.html': page('plain'),
  'sign-in.html': page('sign-in'),
  'frame.html': page('frame'),
};
const cspHash = (script: string) =>
  `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
const MANIFEST: WebPages = {
  pages: { '/': 'sign-in.html', '/login': 'sign-in.html', '/register': 'index.html' },
  otherwise: 'frame.html',
  scriptHashes: ['plain', 'sign-in', 'frame'].map((name) =>
    cspHash(`window.page = ${JSON.stringify(name)};`),
  ),
};
const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(200))};\n`;
const FAVICON = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"></svg>';
const ALL_ENCODINGS = 'gzip, deflate, br, zstd';

function writeWithCompressedCopies(path: string, text: string) {
  writeFileSync(path, text);
  writeFileSync(`${path}.br`, brotliCompressSync(text));
  writeFileSync(`${path}.gz`, gzipSync(text));
}

let distDir: string;
let testApp: TestApp;

beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), 'web-dist-'));
  mkdirSync(join(distDir, 'assets'));
  for (const [file, html] of Object.entries(PAGES))
    writeWithCompressedCopies(join(distDir, file), html);
  writeFileSync(join(distDir, 'pages.json'), JSON.stringify(MANIFEST));
  writeWithCompressedCopies(join(distDir, 'assets/index-Ab12Cd34.js'), SCRIPT);
  writeFileSync(join(distDir, 'favicon.svg'), FAVICON);
  testApp = await createTestApp({ webDist: distDir });
});

afterAll(async () => {
  await testApp.close();
  rmSync(distDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  testApp.app.inject({ method: 'GET', url, headers });

describe('the built web app', () => {
  it('sends a hashed script as brotli when accepted, cached for a year as immutable', async () => {
    const response = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': ALL_ENCODINGS });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe(IMMUTABLE_CACHE);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('falls back to gzip, then to the plain file, by Accept-Encoding', async () => {
    const gzipped = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.headers['cache-control']).toBe(IMMUTABLE_CACHE);
    expect(plain.body).toBe(SCRIPT);
  });

  it("answers each client-side route with the manifest's page for it, always revalidated", async () => {
    const expected = {
      '/': 'sign-in.html',
      '/login': 'sign-in.html',
      '/register': 'index.html',
      '/dashboard': 'frame.html',
      '/fund/deposits?page=2': 'frame.html',
      '/no/such/screen': 'frame.html',
      '/index.html': 'index.html',
    } as const;
    for (const [url, file] of Object.entries(expected)) {
      const response = await get(url, { 'accept-encoding': ALL_ENCODINGS });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/text\/html/);
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(response.headers['cache-control'], url).toBe(REVALIDATE_CACHE);
      expect(response.headers.etag, url).toBeTruthy();
      expect(response.headers['last-modified'], url).toBeTruthy();
      expect(brotliDecompressSync(response.rawPayload).toString(), url).toBe(PAGES[file]);
    }
  });

  it("allows each page's inline scripts by their hashes and no other inline script", async () => {
    for (const url of ['/', '/register', '/dashboard']) {
      const response = await get(url);
      const scriptSrc = String(response.headers['content-security-policy'])
        .split(';')
        .map((directive) => directive.trim().split(/\s+/))
        .find(([name]) => name === 'script-src')!
        .slice(1);
      const inline = [...response.body.matchAll(/<script>([^<]*)<\/script>/g)].map((m) => m[1]!);
      expect(inline, url).toHaveLength(1);
      for (const script of inline) expect(scriptSrc, url).toContain(cspHash(script));
      expect(scriptSrc, url).toContain("'self'");
      expect(scriptSrc, url).not.toContain("'unsafe-inline'");
      expect(scriptSrc, url).not.toContain(cspHash('alert(1)'));
    }
  });

  it('never sends the page manifest, which is for the server', async () => {
    const response = await get('/pages.json', { 'accept-encoding': ALL_ENCODINGS });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('scriptHashes');
  });

  it('answers 304 to a revalidation of an unchanged index.html', async () => {
    const first = await get('/dashboard', { 'accept-encoding': 'gzip' });
    const again = await get('/dashboard', {
      'accept-encoding': 'gzip',
      'if-none-match': String(first.headers.etag),
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('caches an unhashed public file for a day, not for ever', async () => {
    const response = await get('/favicon.svg', { 'accept-encoding': ALL_ENCODINGS });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe(PUBLIC_FILE_CACHE);
    // No compressed copy of this one: the file itself.
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(FAVICON);
  });

  it('answers 404, not index.html, for a missing asset or API path', async () => {
    for (const url of ['/assets/index-Zz99Zz99.js', '/api/v1/no-such-route']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/application\/json/);
    }
  });
});

describe('loading a build', () => {
  it('finds none without index.html, and refuses one without its page manifest', () => {
    const empty = mkdtempSync(join(tmpdir(), 'web-dist-'));
    try {
      expect(loadWebBuild(empty)).toBeNull();
      writeFileSync(join(empty, 'index.html'), PAGES['index.html']);
      expect(() => loadWebBuild(empty)).toThrow(/pages\.json is missing/);
      writeFileSync(join(empty, 'pages.json'), JSON.stringify({ ...MANIFEST, otherwise: '../x' }));
      expect(() => loadWebBuild(empty)).toThrow();
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
