// Flat config, type-aware, with the import boundaries of the web app and the API.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import globals from 'globals';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const boundary = (files, patterns) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '.tmp/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'apps/api/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: {
        projectService: { allowDefaultProject: ['*.js', '*.ts', 'scripts/*.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', '**/testing/**', 'e2e/**', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', 'no-console': 'off' },
  },
  { files: ['scripts/**', 'bench/**'], rules: { 'no-console': 'off' } },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // contracts is shared by both sides and depends on neither.
  boundary(
    ['packages/contracts/**'],
    [
      {
        group: ['**/apps/**', '@app/api', '@app/web'],
        message: 'contracts must not depend on an app',
      },
    ],
  ),
  // The apps never reach into each other.
  boundary(
    ['apps/api/**'],
    [{ group: ['**/apps/web/**', '@app/web'], message: 'the API must not import the web app' }],
  ),
  ...webBoundaries(),
  ...apiBoundaries(),
);

/** The folders directly inside `dir` (relative to this file). */
function foldersIn(dir) {
  return readdirSync(`${import.meta.dirname}/${dir}`, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

/**
 * The web app's layers (apps/web/README.md), as path-based rules on resolved files like the
 * API's: components, lib and config are shared code below the features, the features below the
 * app layer, and no feature imports another. A rule on the text of an import leaks (from
 * features/market/format.ts, `../packages/api/…` is another feature); a rule on the file it
 * resolves to does not, however the path is spelled. The feature list is read from the source,
 * so a new feature is covered without editing this file. testing/ (render helpers with the
 * app's providers) and main.tsx stand above everything. apps/web/src/testing/boundaries.test.ts
 * proves each rule still bites.
 */
function webBoundaries() {
  const src = './apps/web/src';
  const zones = [
    {
      target: [`${src}/components`, `${src}/lib`, `${src}/config`],
      from: [`${src}/features`, `${src}/app`],
      message: 'shared code (components, lib, config) must not import a feature or the app layer',
    },
    {
      target: `${src}/features`,
      from: `${src}/app`,
      message: 'a feature must not import the app layer',
    },
    ...foldersIn('apps/web/src/features').map((name) => ({
      target: `${src}/features/${name}`,
      from: `${src}/features`,
      except: [`./${name}`],
      message:
        'a feature must not import another feature: shared code belongs in components or lib',
    })),
    {
      target: './apps/web',
      from: './apps/api',
      message: 'the web app must not import the API: what both need is in @app/contracts',
    },
  ];
  return [
    {
      files: ['apps/web/**/*.{ts,tsx}'],
      plugins: { import: importPlugin },
      settings: {
        'import/resolver': {
          [fileURLToPath(new URL('./scripts/eslint-resolver.mjs', import.meta.url))]: {},
        },
      },
      rules: {
        'import/no-restricted-paths': ['error', { zones, basePath: import.meta.dirname }],
      },
    },
  ];
}

/**
 * The API's module boundaries (docs/decisions/0016-route-groups-and-module-boundaries.md), as
 * path-based rules on resolved files (import/no-restricted-paths, as bulletproof-react does):
 * lib → db → ledger → core → plugins → modules, each layer importing only those before it,
 * modules never each other, and the ledger's tables touched by ledger/ alone (a write anywhere else
 * is also refused by the database, decision 0030; this rule keeps the reads behind the ledger's
 * functions and says so at the line, before any test runs). The module list and
 * the ledger's table names are read from the source, so a new module or table is covered without
 * editing this file. apps/api/src/testing/boundaries.test.ts proves each rule still bites.
 */
function apiBoundaries() {
  const src = './apps/api/src'; // zones are relative to basePath, this file's folder
  const source = (path) => `${import.meta.dirname}/apps/api/src/${path}`;
  const modules = foldersIn('apps/api/src/modules');
  const ledgerSchema = readFileSync(source('db/schema/ledger.ts'), 'utf8');
  const ledgerTables = [...ledgerSchema.matchAll(/export const (\w+) = pgTable\(\s*'(\w+)'/g)];
  if (ledgerTables.length === 0)
    throw new Error('eslint.config.js: no tables in db/schema/ledger.ts');
  const ledgerExports = ledgerTables.map(([, name]) => name);
  const ledgerSql = ledgerTables.map(([, , table]) => table).join('|');

  const at = (...dirs) => dirs.map((dir) => `${src}/${dir}`);
  // The layer rules judge code; a layer's tests may set up with anything (the database, the app).
  const codeIn = (dir) => `${src}/${dir}/**/!(*.test).ts`;
  const LEDGER_TABLES =
    'only apps/api/src/ledger touches ledger tables: call a function ledger/index.ts exports';
  const zones = [
    {
      target: at('!(ledger|db)/**', '*.ts', 'db/seed/**'),
      from: `${src}/db/schema/ledger.ts`,
      message: LEDGER_TABLES,
    },
    ...modules.map((name) => ({
      target: `${src}/modules/${name}`,
      from: `${src}/modules`,
      except: [`./${name}`],
      message: 'a module never imports another module: shared code belongs in apps/api/src/core',
    })),
    {
      target: at('modules', 'core', 'plugins', 'jobs', 'db/seed', 'app.ts', 'server.ts'),
      from: `${src}/ledger`,
      except: ['./index.ts'],
      message: 'use the ledger through ledger/index.ts, its public functions',
    },
    { target: `${src}/modules`, from: at('jobs'), message: 'modules do not import the scheduler' },
    {
      target: codeIn('plugins'),
      from: at('modules', 'jobs'),
      message: 'plugins sit below the modules: move what both need to core/',
    },
    {
      target: codeIn('core'),
      from: at('modules', 'plugins', 'jobs'),
      message: 'core code sits below the modules and plugins and imports neither',
    },
    {
      target: codeIn('ledger'),
      from: at('core', 'modules', 'plugins', 'jobs'),
      message: 'the ledger sits below everything but the database and lib/',
    },
    {
      target: at('db/schema', 'db/client.ts'),
      from: at('ledger', 'core', 'modules', 'plugins', 'jobs'),
      message: 'the schema and the client import no application code',
    },
    {
      target: codeIn('lib'),
      from: at('db', 'ledger', 'core', 'modules', 'plugins', 'jobs'),
      message: 'lib/ holds plain helpers that know no tables and no modules',
    },
  ];

  const noSchemaReexport = {
    selector:
      'ExportAllDeclaration[source.value=/schema\\//], ExportNamedDeclaration[source.value=/schema\\//]',
    message:
      'import a table from its schema file; never re-export tables (no barrel hands the ledger tables on)',
  };
  const noLedgerSql = {
    selector: `TaggedTemplateExpression[tag.name='sql'] TemplateElement[value.raw=/\\b(from|join|into|update)\\s+(${ledgerSql})\\b/i]`,
    message: LEDGER_TABLES,
  };
  const testCode = ['**/*.test.ts', '**/test-support.ts', 'apps/api/src/testing/**'];

  return [
    {
      files: ['apps/api/**/*.ts'],
      plugins: { import: importPlugin },
      rules: {
        'import/no-restricted-paths': ['error', { zones, basePath: import.meta.dirname }],
        'no-restricted-syntax': ['error', noSchemaReexport],
      },
    },
    {
      files: ['apps/api/**/*.ts'],
      ignores: ['apps/api/src/db/schema/ledger.ts'],
      rules: {
        'no-restricted-exports': ['error', { restrictedNamedExports: ledgerExports }],
      },
    },
    // Tests may read any table to check what a use case wrote; code reads the ledger through it.
    {
      files: ['apps/api/src/**/*.ts'],
      ignores: ['apps/api/src/ledger/**', 'apps/api/src/db/**', ...testCode],
      rules: { 'no-restricted-syntax': ['error', noSchemaReexport, noLedgerSql] },
    },
    {
      files: ['apps/api/src/db/schema/**'],
      rules: {
        'no-restricted-syntax': [
          'error',
          {
            selector: 'ExportAllDeclaration, ExportNamedDeclaration[source]',
            message: 'no barrel in db/schema: import each table from its own file',
          },
        ],
      },
    },
  ];
}
