import { existsSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import type { TestProjectInlineConfiguration } from 'vitest/config';
import { playwright } from '@vitest/browser-playwright';
import react from '@vitejs/plugin-react';
import { CHROMIUM_FLAGS } from './tests/e2e/support/chromiumFlags.ts';
import { utf8Env } from './tests/e2e/support/utf8Env.ts';

/** Debian's Chromium; `.ci/run` installs it when missing. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const hasChromium = existsSync(CHROMIUM_PATH);

// Servers, databases and browsers start inside these suites; the generous ceilings only stop a hung
// run. Speed is measured by `npm run bench`, never asserted here.
const SLOW_SUITE_TIMEOUT_MS = 120_000;

// Node suites run two files at a time (vitest's default keeps one core free, which on a 2-core
// machine runs them one by one); each server file opens its own database, so files never share state.
const NODE_WORKERS = 2;

// Suites that start servers, brokers and browsers run a failed test once more before calling it
// failed: on a loaded or slow CI host a wait can run out while nothing is wrong. A defect fails both
// tries.
const SLOW_SUITE_RETRY = 1;

/** How long an end-to-end `expect.poll` without a timeout of its own waits for its condition. */
const POLL_CEILING_MS = 10_000;

const projects: TestProjectInlineConfiguration[] = [
  {
    test: {
      name: 'unit',
      include: ['tests/unit/**/*.test.ts'],
      environment: 'node',
      maxWorkers: NODE_WORKERS,
    },
  },
  {
    test: {
      name: 'server',
      maxWorkers: NODE_WORKERS,
      // A worker imports the server (Fastify, Aedes, PGlite, sharp…) once for all its files instead of
      // once per file: that import was about half of this suite's time. Files still never share
      // state: each opens its own database and server, and what the server keeps in module scope
      // is keyed by database or instance, or (the simulator's per-aircraft state) cleared when its
      // fleet stops.
      isolate: false,
      include: ['tests/server/**/*.test.ts'],
      environment: 'node',
      testTimeout: SLOW_SUITE_TIMEOUT_MS,
      hookTimeout: SLOW_SUITE_TIMEOUT_MS,
      retry: SLOW_SUITE_RETRY,
    },
  },
];

if (hasChromium) {
  projects.push(
    {
      test: {
        name: 'e2e',
        include: ['tests/e2e/**/*.test.ts'],
        environment: 'node',
        testTimeout: SLOW_SUITE_TIMEOUT_MS,
        hookTimeout: SLOW_SUITE_TIMEOUT_MS,
        retry: SLOW_SUITE_RETRY,
        // expect.poll's own default gives up after a second, which a page on a loaded 2-core host
        // can take to draw what it was asked for: this is a ceiling on waiting, not a speed test.
        expect: { poll: { timeout: POLL_CEILING_MS } },
        // Each file starts its own server and browser; two at a time suits a 2-core machine. The
        // suites run group by group (node suites, then browser mode, then end to end) so that the
        // heavy ones never compete with each other for the cores.
        maxWorkers: 2,
        sequence: { groupOrder: 2 },
      },
    },
    {
      plugins: [react()],
      // Pre-bundle up front: discovering these mid-run makes Vite reload the page under a running test.
      optimizeDeps: {
        include: [
          'react',
          'react/jsx-runtime',
          'react/jsx-dev-runtime',
          'react-dom',
          'react-dom/client',
          'react-router',
          '@blueprintjs/core',
          '@blueprintjs/datetime',
          'crypto-js/aes',
          'crypto-js/enc-utf8',
          'crypto-js/mode-ecb',
          'crypto-js/pad-pkcs7',
          'dayjs',
          'html2canvas',
          'jspdf',
          'i18next',
          'react-i18next',
          'valtio',
          'gcoord',
        ],
      },
      test: {
        name: 'browser',
        include: ['tests/browser/**/*.test.{ts,tsx}'],
        sequence: { groupOrder: 1 },
        browser: {
          enabled: true,
          headless: true,
          provider: playwright({
            launchOptions: {
              executablePath: CHROMIUM_PATH,
              env: utf8Env(),
              args: [...CHROMIUM_FLAGS],
            },
          }),
          instances: [{ browser: 'chromium' }],
        },
      },
    },
  );
} else {
  console.warn(
    `[skydeck] skipped: browser and end-to-end suites (no Chromium at ${CHROMIUM_PATH}).`,
  );
}

// Every test that needed a retry is named with its first error, and the run closes with a count.
export default defineConfig({
  test: { projects, reporters: ['default', './tests/reporters/retryReporter.ts'] },
});
