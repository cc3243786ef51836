// @ts-check
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = fileURLToPath(new URL('.', import.meta.url));

/** Every folder under src/features: each may import only itself (plus shared layers). */
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Dependency rule of DESIGN §2 / STYLE "Feature folders with one-way imports". */
const layerZones = [
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'Features never import other features; move shared code to components/ or lib/.',
  })),
  {
    target: './src/features',
    from: './src/app',
    message: 'app/ composes features, never the other way round.',
  },
  {
    target: ['./src/storage', './src/sync', './src/text-editor'],
    from: ['./src/features', './src/app', './src/components'],
    message:
      'storage/, sync/ and text-editor/ are plain TypeScript engines: no features, app or UI.',
  },
  {
    target: ['./src/components', './src/lib', './src/config'],
    from: ['./src/features', './src/app'],
    message: 'components/, lib/ and config/ are shared layers: they never import features or app.',
  },
  {
    target: ['./src/lib', './src/config'],
    from: './src/components',
    message: 'lib/ and config/ sit below components/.',
  },
];

/** Only storage/ and sync/ open the local databases: features go through storage's ports. */
const DATABASE_MESSAGE =
  'Features read through the ReadPort (or ManuscriptsPort) and write through the LocalWriter; only storage/ and sync/ touch the database.';

/** What a feature may not import: the databases, Dexie, and storage's insides. */
const databaseImports = {
  paths: [
    { name: 'dexie', message: DATABASE_MESSAGE },
    { name: 'dexie-react-hooks', message: DATABASE_MESSAGE },
    {
      name: '@/storage',
      importNames: ['AppDatabase', 'appDatabase', 'SharedDatabase', 'sharedDatabase'],
      message: DATABASE_MESSAGE,
    },
    {
      name: '@/sync/collab',
      importNames: ['CollabDatabase', 'collabDatabase'],
      message: DATABASE_MESSAGE,
    },
  ],
  patterns: [
    {
      group: ['@/storage/*', '@/sync/collab/collab-db'],
      message: `Import from '@/storage' (its public surface). ${DATABASE_MESSAGE}`,
    },
  ],
};

export default tseslint.config(
  {
    ignores: ['dist/', 'node_modules/', 'test-results/', 'playwright-report/', 'coverage/'],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  ...tseslint.configs.stylisticTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        project: ['./tsconfig.json', './tsconfig.node.json'],
        tsconfigRootDir: root,
      },
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['vite.config.ts', 'playwright.config.ts', 'e2e/**/*.ts'],
    languageOptions: { globals: { ...globals.node } },
  },
  reactHooks.configs.flat['recommended-latest'],
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.cjs', '.mjs'],
      'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({
          tsconfig: { configFile: `${root}tsconfig.json` },
          extensions: ['.ts', '.tsx', '.js', '.json'],
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: layerZones }],
      'import-x/no-duplicates': 'error',
      'import-x/first': 'error',
      'import-x/newline-after-import': 'error',
      'import-x/no-default-export': 'error',
      'import-x/no-self-import': 'error',
      'import-x/no-useless-path-segments': 'error',
      'import-x/order': [
        'error',
        {
          groups: ['builtin', 'external', 'internal', ['parent', 'sibling', 'index']],
          pathGroups: [{ pattern: '@/**', group: 'internal' }],
          'newlines-between': 'always',
          alphabetize: { order: 'asc', caseInsensitive: true },
        },
      ],
    },
  },
  {
    files: ['src/features/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', databaseImports] },
  },
  {
    // Tools that load these files require a default export.
    files: ['*.config.{js,ts,cjs}', 'e2e/global-teardown.ts'],
    rules: { 'import-x/no-default-export': 'off' },
  },
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { prefer: 'type-imports', fixStyle: 'separate-type-imports' },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
      eqeqeq: ['error', 'always'],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: { ...globals.node } },
  },
);
