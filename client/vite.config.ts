/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

const apiServer = 'http://localhost:3000';

export default defineConfig({
  // Brotli and gzip twins of every text asset, made once at build time: the server sends the one
  // the browser accepts (@fastify/static preCompressed) instead of compressing on each request.
  plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024, logLevel: 'silent' })],
  resolve: {
    // libs/ is compiled to CommonJS for the server; the client bundles its TypeScript source directly.
    alias: [{ find: /^@rentwise\/libs\//, replacement: fileURLToPath(new URL('../libs/src/', import.meta.url)) }],
  },
  server: {
    proxy: {
      '/api': apiServer,
      '/dev': apiServer,
      // The sandbox card tokenizer (development only): the card form posts here, never to /api.
      '/sandbox': apiServer,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      // zod's sources carry explanatory comments that mention @__PURE__ where Rollup looks for the
      // annotation; Rollup drops them, which changes nothing, and says so on every build.
      onwarn(warning, warn) {
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('/node_modules/zod/')) return;
        warn(warning);
      },
    },
  },
  test: {
    environment: './src/test/jsdom-environment.ts',
    setupFiles: ['src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    // A guard against hangs, not a speed check: the first page a file opens is a lazy chunk, which on
    // a loaded 2-core machine can take seconds (testing-library waits up to 5 s for it, src/test/setup.ts).
    testTimeout: 15_000,
    // Vitest runs on one worker fewer than the machine's cores: one worker on our 2 cores, two minutes
    // of the suite's 25. Each file has its own jsdom and store, so two run at once.
    maxWorkers: 2,
  },
});
