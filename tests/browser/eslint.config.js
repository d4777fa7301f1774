// ESLint for the web client and its tests, run from the repository root by `npm run lint`
// (package.json), so the patterns below are relative to the root.

import js from '@eslint/js';
import globals from 'globals';

export default [
  js.configs.recommended,
  {
    files: ['web-client/**/*.js'],
    languageOptions: { ecmaVersion: 2022, sourceType: 'module', globals: globals.browser },
  },
  {
    // The browser tests also pass functions to page.evaluate, which run in the page.
    files: ['tests/browser/**/*.js', 'tests/web-client/**/*.js', 'tests/wasm/**/*.js'],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: 'module',
      globals: { ...globals.node, ...globals.browser },
    },
  },
  {
    rules: {
      eqeqeq: 'error',
      'no-var': 'error',
      'prefer-const': 'error',
      'no-shadow': 'error',
      'no-param-reassign': 'error',
      'no-implicit-coercion': ['error', { allow: ['!!'] }],
      'no-unused-vars': ['error', { caughtErrors: 'none' }],
      'no-eval': 'error',
      'no-implied-eval': 'error',
      'no-new-func': 'error',
      curly: ['error', 'multi-line'],
      // Browser globals that a missing local silently falls back to.
      'no-restricted-globals': ['error', 'name', 'event', 'status', 'length', 'origin'],
    },
  },
  {
    // Long closures get split into named functions (docs/web-client.md).
    files: ['web-client/**/*.js'],
    rules: {
      'max-lines-per-function': ['error', { max: 100, skipBlankLines: true, skipComments: true }],
    },
  },
];
