/**
 * Builds the browser benchmark's page (bench/e2e/page/index.html → src/telemetry/bench/) into its own
 * folder, so it never touches the console's dist/.
 */
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';

export const BENCH_PAGE_OUT = process.env.BENCH_PAGE_OUT ?? '/tmp/skydeck-bench-page';

export default defineConfig({
  root: resolve(import.meta.dirname, '../..'),
  plugins: [react()],
  worker: { format: 'es' },
  logLevel: 'warn',
  build: {
    outDir: BENCH_PAGE_OUT,
    emptyOutDir: true,
    chunkSizeWarningLimit: 8000,
    sourcemap: false,
    rollupOptions: { input: resolve(import.meta.dirname, 'page/index.html') },
  },
});
