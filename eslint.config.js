// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import pastIndex from './eslint-rules/no-past-index.js';
import nativeDateInput from './eslint-rules/no-native-date-input.js';

/** The project's own rules (`eslint-rules/`). */
const local = { rules: { ...pastIndex.rules, ...nativeDateInput.rules } };

/**
 * The table of docs/architecture.md "The layers", row by row: the folders (or files) of a
 * layer, what they may import besides themselves (`mayImport`) and what their tests may
 * import besides (`testsMayImport`); `'data'` is a folder without code, `'anything'` tooling
 * that no zone restricts. tests/unit/lint-layers.test.ts reads the table and fails when it
 * and these rows disagree.
 *
 * @type {readonly { folders: readonly string[]; mayImport: readonly string[] | 'data' | 'anything'; testsMayImport: readonly string[] | 'data' | 'anything' }[]}
 */
export const layers = [
  { folders: ['server'], mayImport: ['src/shared'], testsMayImport: ['src/ssr'] },
  { folders: ['codegen'], mayImport: [], testsMayImport: [] },
  { folders: ['schema'], mayImport: 'data', testsMayImport: 'data' },
  { folders: ['src/generated'], mayImport: [], testsMayImport: [] },
  { folders: ['src/shared'], mayImport: [], testsMayImport: [] },
  { folders: ['src/api'], mayImport: ['src/generated'], testsMayImport: [] },
  { folders: ['src/auth'], mayImport: ['src/api', 'src/shared'], testsMayImport: ['server'] },
  { folders: ['src/i18n'], mayImport: ['locales'], testsMayImport: [] },
  {
    folders: ['src/resources'],
    mayImport: ['src/generated', 'src/api', 'src/auth', 'src/i18n'],
    testsMayImport: ['locales'],
  },
  {
    folders: ['src/app'],
    mayImport: [
      'src/generated',
      'src/shared',
      'src/api',
      'src/auth',
      'src/i18n',
      'src/resources',
      'overrides',
    ],
    testsMayImport: ['locales'],
  },
  {
    folders: ['src/ssr', 'src/boot', 'src/main.tsx'],
    mayImport: [
      'src/generated',
      'src/shared',
      'src/api',
      'src/auth',
      'src/i18n',
      'src/resources',
      'src/app',
    ],
    testsMayImport: [],
  },
  {
    folders: ['overrides'],
    mayImport: ['src/api', 'src/auth', 'src/i18n', 'src/resources'],
    testsMayImport: ['src/generated', 'src/app', 'codegen'],
  },
  { folders: ['locales'], mayImport: 'data', testsMayImport: 'data' },
  {
    folders: ['tests', 'bench', 'scripts', 'eslint-rules', 'build'],
    mayImport: 'anything',
    testsMayImport: 'anything',
  },
];

const everyFolder = layers.flatMap((layer) => layer.folders);

/**
 * The `import-x/no-restricted-paths` zone of one "may import" cell: the row's folders may
 * import nothing of the table's other folders but `allowed`.
 */
function zoneOf(
  /** @type {readonly string[]} */ folders,
  /** @type {readonly string[]} */ allowed,
) {
  return {
    target: folders.map((folder) => `./${folder}`),
    from: everyFolder
      .filter((folder) => !folders.includes(folder) && !allowed.includes(folder))
      .map((folder) => `./${folder}`),
  };
}

/** One zone per row's "may import" cell (code rows only). */
export const zones = layers.flatMap((layer) =>
  Array.isArray(layer.mayImport) ? [zoneOf(layer.folders, layer.mayImport)] : [],
);

/** One zone per row's "its tests may also import" cell, for test files and test helpers. */
export const testZones = layers.flatMap((layer) =>
  Array.isArray(layer.mayImport) && Array.isArray(layer.testsMayImport)
    ? [zoneOf(layer.folders, [...layer.mayImport, ...layer.testsMayImport])]
    : [],
);

/** Test files and the helpers only tests import. */
export const TEST_FILES = ['**/*.test.ts', '**/*.test.tsx', '**/test-support/**'];

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      'dist-server',
      'data',
      'schema',
      'test-results',
      'playwright-report',
      'bench-results',
      '.bench',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'react-hooks': reactHooks, 'import-x': importX, local },
    settings: {
      // TypeScript files are parsed and extension-less imports resolved, so the rules
      // below follow them (import-x's TypeScript settings, with its current resolver).
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver': undefined,
      'import-x/resolver-next': [createTypeScriptImportResolver({ alwaysTryTypes: true })],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-restricted-paths': ['error', { zones }],
      // A cycle through a dynamic `import()` (a route's or a dialog's chunk) is no cycle of
      // module evaluation; any other fails.
      'import-x/no-cycle': [
        'error',
        { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: true },
      ],
      'local/no-past-index': 'error',
      'local/no-native-date-input': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    // Tests (and the helpers only they import) may also import what the table's last cell
    // says, e.g. the server's tests run the server-side renderer itself, as the build does.
    files: TEST_FILES,
    rules: { 'import-x/no-restricted-paths': ['error', { zones: testZones }] },
  },
  {
    // Tests and benchmarks may reach into what they test or measure (bench/import.ts drives
    // the readings import's own modules, without the React override around them); the build
    // inlines the early start of src/boot/.
    files: [...TEST_FILES, 'bench/**', 'build/**', 'vite.config.ts'],
    rules: { 'local/no-past-index': 'off' },
  },
  {
    // ajv's standalone validator code is not written to this style; its imports are linted
    // like the rest of the generated code.
    files: ['src/generated/validators/*.ts'],
    ignores: ['src/generated/validators/index.ts', 'src/generated/validators/runtime.ts'],
    rules: {
      'prefer-const': 'off',
      'no-var': 'off',
      '@typescript-eslint/no-unused-vars': 'off',
      '@typescript-eslint/ban-ts-comment': 'off',
    },
  },
);
