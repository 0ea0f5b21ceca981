import { readdir, readFile, writeFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';
import { PAGES_MANIFEST } from './html-pages.ts';

const compressBrotli = promisify(brotliCompress);
const compressGzip = promisify(gzip);

/** Text formats worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/**
 * Writes `name.br` (brotli at its highest quality) and `name.gz` (gzip level 9) beside every
 * text file of `dir`, each only when it is smaller than the file. The server sends the copy a
 * browser accepts, so the slow, thorough compression happens once per build, not per request.
 * Returns the files compressed.
 */
export async function precompressDirectory(dir: string): Promise<string[]> {
  // The page manifest is for the server, never sent to a browser.
  const files = (await listFiles(dir)).filter(
    (file) => COMPRESSIBLE.test(file) && basename(file) !== PAGES_MANIFEST,
  );
  await Promise.all(
    files.map(async (file) => {
      const source = await readFile(file);
      const [brotli, gzipped] = await Promise.all([
        compressBrotli(source, {
          params: {
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
          },
        }),
        compressGzip(source, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      if (brotli.length < source.length) await writeFile(`${file}.br`, brotli);
      if (gzipped.length < source.length) await writeFile(`${file}.gz`, gzipped);
    }),
  );
  return files;
}

/** Vite plugin: pre-compresses the build output once it is written. */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'member-invest:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressDirectory(outDir);
    },
  };
}
