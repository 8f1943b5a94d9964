import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The dev server proxies the API and the MQTT WebSocket to a running `npm start` (or `tsx watch`).
const apiTarget = process.env.SKYDECK_API ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  worker: { format: 'es' },
  build: { outDir: 'dist', chunkSizeWarningLimit: 4000, sourcemap: false },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/mqtt': { target: apiTarget.replace(/^http/, 'ws'), ws: true },
    },
  },
});
