import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
/**
 * E2E_CARD_PROVIDERS=stand-ins: the card-paying journeys again, the product configured as with real
 * keys (Stripe, Authorize.Net) against the tests' fakes, which serve stand-ins of Stripe.js and
 * Accept.js on the providers' own hosts, under the production CSP (docs/decisions/0034).
 */
const realKeys = process.env.E2E_CARD_PROVIDERS === 'stand-ins';
/**
 * E2E_SHARD=1/2: half of the spec files, run on its own server, database and dev clock.
 * E2E_LANE=1: the name of one of the lanes npm test runs side by side (scripts/browser-tests.sh), which
 * keeps its report and results apart from the other lane's.
 */
const shardMatch = /^(\d+)\/(\d+)$/.exec(process.env.E2E_SHARD ?? '');
const shard = shardMatch ? { current: Number(shardMatch[1]), total: Number(shardMatch[2]) } : null;
const lane = process.env.E2E_LANE ? `lane-${process.env.E2E_LANE}` : shard ? `shard-${shard.current}` : null;
const runName = [realKeys ? 'real-keys' : null, lane].filter(Boolean).join('/');
const baseURL = process.env.E2E_BASE_URL ?? `http://localhost:${port}`;

/** Debian's Chromium; Playwright's own browser download cannot work on our machines. */
const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  shard,
  // A guard against hangs, not a speed check: on a loaded 2-core machine (the suite is run with
  // --repeat-each 3 beside a CPU hog) a journey with screenshots at three widths took over 30 s, and
  // npm test runs two lanes side by side (scripts/browser-tests.sh), each journey at about half speed.
  // Longer journeys set their own limit, sized the same way.
  timeout: 120000,
  expect: { timeout: 7000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never', outputFolder: runName ? `playwright-report/${runName}` : 'playwright-report' }]],
  outputDir: runName ? `test-results/${runName}` : 'test-results',
  use: {
    baseURL,
    // Recording a trace screencasts every step: on two cores shared by two lanes that is time the suite
    // cannot spare, and CI keeps only the printed output. Kept locally, where a failure is looked into.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumFlags },
  },
  projects: [
    realKeys
      ? {
          name: 'chromium-real-keys',
          testMatch: ['**/payments.spec.ts', '**/authorize-net.spec.ts', '**/stripe-bank-link.spec.ts', '**/stripe-autopay-card.spec.ts'],
          use: { ...devices['Desktop Chrome'], channel: undefined },
        }
      : { name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } },
  ],
  webServer: process.env.E2E_BASE_URL
    ? undefined
    : {
        command: 'node scripts/e2e-server.js',
        url: `${baseURL}/api/health`,
        env: { E2E_PORT: String(port) },
        // Migrations and the demo data load before the server starts (scripts/e2e-server.js).
        timeout: 120000,
        reuseExistingServer: false,
        // SIGTERM, not Playwright's default SIGKILL, so that scripts/e2e-server.js drops its
        // throwaway database, removes its fixtures file and stops the card providers' fakes.
        gracefulShutdown: { signal: 'SIGTERM', timeout: 20000 },
        stdout: 'ignore',
        stderr: 'pipe',
      },
});
