// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';

/**
 * The one-way import rule of DESIGN.md's "may import" column: each zone lists the
 * folders its files must not import from.
 */
const zones = [
  { target: './server', from: ['./src', './codegen', './overrides'] },
  { target: './codegen', from: ['./src', './server', './overrides'] },
  { target: './src/api', from: ['./src/auth', './src/resources', './src/app', './overrides'] },
  { target: './src/auth', from: ['./src/resources', './src/app', './overrides'] },
  { target: './src/resources', from: ['./src/app', './overrides'] },
  {
    target: './src/i18n',
    from: ['./src/api', './src/auth', './src/resources', './src/app', './overrides'],
  },
];

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      'dist-server',
      'data',
      'src/generated',
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
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-restricted-paths': ['error', { zones }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
);
