// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist', 'build', 'data', 'node_modules', 'bench/results', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      parserOptions: {
        project: [
          './tsconfig.json',
          './tsconfig.node.json',
          './tsconfig.worker.json',
          './tsconfig.e2e.json',
        ],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/prefer-nullish-coalescing': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-confusing-void-expression': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    // Production code reads well in small pieces: a function past 120 lines (comments included) is
    // split along its own seams (a controller hook and panels, per-kind handlers, one registration
    // per group of routes). Tests and benchmarks are exempt: a scenario reads top to bottom.
    files: ['{src,server,protocol,workers}/**/*.{ts,tsx}'],
    rules: { 'max-lines-per-function': ['error', { max: 120 }] },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // mqtt is owned by the worker; the main thread never opens its own connection.
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'mqtt', message: 'MQTT lives in workers/ only.' }] },
      ],
    },
  },
  {
    // The main-thread telemetry path takes time and timers from src/lib/clock.ts, so unit tests can
    // drive it with virtual time.
    files: ['src/telemetry/**/*.{ts,tsx}', 'src/fleet/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...[
          'setTimeout',
          'setInterval',
          'requestAnimationFrame',
          'clearTimeout',
          'clearInterval',
        ].map((name) => ({ name, message: 'Use clock from src/lib/clock.ts.' })),
      ],
      'no-restricted-properties': [
        'error',
        ...[
          ['Date', 'now'],
          ['performance', 'now'],
          ['window', 'setTimeout'],
          ['window', 'setInterval'],
          ['window', 'requestAnimationFrame'],
        ].map(([object, property]) => ({
          object,
          property,
          message: 'Use clock from src/lib/clock.ts.',
        })),
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
