/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const backend = process.env.PORTAL_BACKEND ?? 'http://127.0.0.1:8080';
const proxied = ['/api', '/auth', '/media', '/insignia', '/avatars', '/healthz'];

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    // Allow *.localhost so agency domains such as lspd.localhost work in development.
    allowedHosts: ['.localhost'],
    // The web app, and the rule cases its tests share with the server.
    fs: { allow: ['.', '../server/src/access/cases', '../server/src/tenancy/cases'] },
    proxy: Object.fromEntries(
      proxied.map((prefix) => [prefix, { target: backend, changeOrigin: false, ws: prefix === '/api' }]),
    ),
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Vendor code in long-lived chunks of its own; screens are lazy routes.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'router', test: /node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/ },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
            {
              // @mantine/charts (and recharts) stay with the screens that draw charts (the profile, analytics).
              name: 'mantine',
              test: /node_modules[\\/](@mantine(?![\\/]charts)|@floating-ui|react-transition-group|react-remove-scroll[^/\\]*|react-style-singleton|use-callback-ref|use-sidecar|get-nonce|tslib|clsx|aria-hidden|detect-node-es|react-number-format|react-textarea-autosize|tabbable|type-fest)[\\/]/,
            },
          ],
        },
      },
    },
  },
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/test-utils/setup.ts'],
    css: false,
    restoreMocks: true,
    // A screen test makes several waits of up to 5 s each (test-utils/setup.ts).
    testTimeout: 30_000,
  },
});
