/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { paths } from './src/app/paths';
import { firstPagePreload } from './vite-plugins/firstPagePreload';
import { pageIconsChunk } from './vite-plugins/pageIconsChunk';
import { prerenderPages } from './vite-plugins/prerenderPages';

const apiServer = 'http://localhost:3000';

export default defineConfig(({ isSsrBuild }) => ({
  // Brotli and gzip twins of every text asset, made once at build time: the server sends the one
  // the browser accepts (@fastify/static preCompressed) instead of compressing on each request.
  plugins: [
    react(),
    // The pages people land on, whose code (the module their route imports) and first API reads (as
    // their route's lazy() asks them) are fetched beside the main chunk.
    firstPagePreload({
      [paths.home.path]: { page: 'src/features/public/HomePage.tsx' },
      [paths.signIn.path]: { page: 'src/features/accounts/SignInPage.tsx' },
      [paths.landlord.dashboard.path]: { page: 'src/features/dashboard/LandlordDashboardPage.tsx' },
      [paths.tenant.dashboard.path]: { page: 'src/features/dashboard/TenantDashboardPage.tsx' },
      [paths.tenant.payment.path]: { page: 'src/features/payments/PaymentPage.tsx', reads: ['/api/tenant/payment-setup', '/api/tenant/autopay'] },
    }),
    // The sign-in page is in the HTML, painted before the code has run (decision 0050).
    prerenderPages({ entry: 'src/prerender.tsx', addresses: [paths.signIn.path] }),
    // Not for prerenderPages' build of the pages for Node, which is run once and thrown away.
    isSsrBuild ? null : compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024, logLevel: 'silent' }),
  ],
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
    // One stylesheet for the whole app (13 KB brotli) rather than one a page: a page's three or four
    // small CSS files were as many more requests on a phone's first visit, each behind a slow round trip
    // (decision 0051), and a later page has its styles already.
    cssCodeSplit: false,
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      // Merges chunks under 20 KB into a chunk loaded under like conditions (the pages' shared code
      // into one). Left alone, a page's code is 15 to 25 files of about 1 KB; over HTTP/1.1's six
      // connections a phone fetches them in several rounds of its slow round trip. The pages' icons,
      // which Rollup will not merge so, are grouped by pageIconsChunk.
      output: { experimentalMinChunkSize: 20_000, manualChunks: pageIconsChunk() },
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
    // of the suite's 25. Each file has its own jsdom and store, so two run at once, in worker threads:
    // forked processes took the suite 107 s here, threads 86 s (less to start per file).
    maxWorkers: 2,
    pool: 'threads',
  },
}));
