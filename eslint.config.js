// Flat config, type-aware, with the import boundaries of DESIGN.md.
import js from '@eslint/js';
import globals from 'globals';
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
  // Inside the web app: components and lib are below features, features below app; no feature imports another.
  boundary(
    ['apps/web/src/components/**', 'apps/web/src/lib/**', 'apps/web/src/config/**'],
    [
      {
        group: ['**/features/**', '**/app/**'],
        message: 'shared code must not import features or the app layer',
      },
    ],
  ),
  boundary(
    ['apps/web/src/features/*/**'],
    [
      { group: ['**/app/**', '../../app/**'], message: 'a feature must not import the app layer' },
      // From features/<f>/<folder>/file, "../../<other>/" is another feature ("../../../" is shared code).
      {
        regex: '^\\.\\./\\.\\./(?!\\.\\.)[^/]+/',
        message: 'a feature must not import another feature',
      },
      { regex: '(^|/)features/', message: 'a feature must not import another feature' },
    ],
  ),
  // Only the ledger writes ledger tables: modules call ledger functions, never the schema's ledger tables.
  boundary(
    ['apps/api/src/modules/**', 'apps/api/src/plugins/**', 'apps/api/src/jobs/**'],
    [
      {
        group: ['**/db/schema/ledger*'],
        message: 'only apps/api/src/ledger writes ledger tables; call the ledger',
      },
    ],
  ),
);
