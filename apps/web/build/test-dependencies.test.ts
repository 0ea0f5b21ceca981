import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { importedPathsOf } from './test-dependencies.ts';

let folder: string | undefined;
afterEach(() => {
  if (folder) rmSync(folder, { recursive: true, force: true });
  folder = undefined;
});

describe('importedPathsOf', () => {
  it("lists the named packages' paths imported anywhere below the folder, once each", () => {
    folder = mkdtempSync(join(tmpdir(), 'imports-'));
    mkdirSync(join(folder, 'deep/er'), { recursive: true });
    writeFileSync(
      join(folder, 'a.tsx'),
      [
        "import Stack from '@mui/material/Stack';",
        "import { useState } from 'react';",
        "import { helper } from './helper.ts';",
        "import { z } from 'zod';",
      ].join('\n'),
    );
    writeFileSync(
      join(folder, 'deep/er/b.ts'),
      "export { default } from '@mui/material/Stack';\nconst later = () => import('react-dom/client');",
    );
    writeFileSync(join(folder, 'notes.md'), "import Box from '@mui/material/Box';");

    expect(importedPathsOf(folder, ['@mui/material', 'react', 'react-dom'])).toEqual([
      '@mui/material/Stack',
      'react',
      'react-dom/client',
    ]);
  });
});
