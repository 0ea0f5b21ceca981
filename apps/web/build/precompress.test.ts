import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, expect, it } from 'vitest';
import { precompressDirectory } from './precompress.ts';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

it('writes brotli and gzip copies beside text files, in subfolders too', async () => {
  dir = mkdtempSync(join(tmpdir(), 'precompress-'));
  mkdirSync(join(dir, 'assets'));
  const script = `export const rows = ${JSON.stringify(Array(300).fill('row'))};\n`;
  writeFileSync(join(dir, 'assets/index-Ab12Cd34.js'), script);
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html><title>x</title>${'<p>hi</p>'.repeat(50)}`,
  );

  await precompressDirectory(dir);

  const path = join(dir, 'assets/index-Ab12Cd34.js');
  expect(brotliDecompressSync(readFileSync(`${path}.br`)).toString()).toBe(script);
  expect(gunzipSync(readFileSync(`${path}.gz`)).toString()).toBe(script);
  expect(readFileSync(`${path}.br`).length).toBeLessThan(script.length / 5);
  expect(existsSync(join(dir, 'index.html.br'))).toBe(true);
  expect(existsSync(join(dir, 'index.html.gz'))).toBe(true);
});

it('leaves binary files, the page manifest and copies that would not be smaller alone', async () => {
  dir = mkdtempSync(join(tmpdir(), 'precompress-'));
  writeFileSync(join(dir, 'photo.png'), Buffer.alloc(2048, 7));
  writeFileSync(join(dir, 'tiny.txt'), 'a');
  // The page manifest is the server's: nothing may offer it to a browser under another name.
  writeFileSync(join(dir, 'pages.json'), JSON.stringify({ pages: Array(300).fill('/x') }));

  await precompressDirectory(dir);

  expect(existsSync(join(dir, 'photo.png.br'))).toBe(false);
  expect(existsSync(join(dir, 'photo.png.gz'))).toBe(false);
  // One byte never shrinks: the server then sends the file itself.
  expect(existsSync(join(dir, 'tiny.txt.br'))).toBe(false);
  expect(existsSync(join(dir, 'tiny.txt.gz'))).toBe(false);
  expect(existsSync(join(dir, 'pages.json.br'))).toBe(false);
  expect(existsSync(join(dir, 'pages.json.gz'))).toBe(false);
});
