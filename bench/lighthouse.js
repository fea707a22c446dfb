// Lighthouse (mobile profile, performance only) on Debian's Chromium against the running product,
// and the JavaScript the first route (sign-in) transfers. Usage: node bench/lighthouse.js once the
// product serves the built client, or through bench/http.js (`--lighthouse-only` for it alone).
// LIGHTHOUSE_REPORTS=<directory> keeps each run's full report there (its LCP element, request chains).
const { mkdirSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { landlord, TENANT_SESSION_TOKEN } = require('./data');

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const FIRST_ROUTE_JS_BUDGET_KB = 160;

const PAGES = [
  { name: 'sign-in (first route)', path: '/sign-in', cookie: undefined, firstRoute: true },
  { name: 'tenant payment', path: '/tenant/payment', cookie: `rw_session=${TENANT_SESSION_TOKEN}` },
  { name: 'landlord dashboard', path: '/landlord/dashboard', cookie: `rw_session=${landlord(1).sessionToken}` },
];

/** Bytes on the wire of the page's scripts, as Lighthouse saw them load. */
function scriptTransferKb(lhr) {
  const items = lhr.audits['network-requests']?.details?.items ?? [];
  const bytes = items.filter((item) => item.resourceType === 'Script').reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
  return bytes / 1024;
}

/** One Lighthouse run of a page in a fresh browser: nothing cached from the page before. */
async function measure(lighthouse, chromeLauncher, port, page) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  try {
    const { lhr } = await lighthouse(`http://127.0.0.1:${port}${page.path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      ...(page.cookie ? { extraHeaders: { Cookie: page.cookie } } : {}),
    });
    if (process.env.LIGHTHOUSE_REPORTS) {
      mkdirSync(process.env.LIGHTHOUSE_REPORTS, { recursive: true });
      writeFileSync(join(process.env.LIGHTHOUSE_REPORTS, `${page.path.slice(1).replaceAll('/', '-')}-${Date.now()}.json`), JSON.stringify(lhr));
    }
    if (lhr.runtimeError) throw new Error(`${page.path}: ${lhr.runtimeError.message}`);
    // A signed-in page whose session has lapsed redirects to sign-in, and would be scored as that page.
    const landedOn = new URL(lhr.finalDisplayedUrl).pathname;
    if (landedOn !== page.path) {
      throw new Error(`${page.path} landed on ${landedOn}: are the bench sessions live? (bench/http.js refreshes them)`);
    }
    return {
      page: page.name,
      path: page.path,
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      fcpMs: Math.round(lhr.audits['first-contentful-paint'].numericValue),
      lcpMs: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
      tbtMs: Math.round(lhr.audits['total-blocking-time'].numericValue),
      jsKb: scriptTransferKb(lhr),
      firstRoute: Boolean(page.firstRoute),
    };
  } finally {
    await chrome.kill();
  }
}

/**
 * Each page `runs` times, the run with the median score kept: one run's score moves by several points
 * with what else the machine does (Lighthouse's own advice is the median of several runs).
 */
async function run({ port, runs = 3 }) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const rows = [];
  for (const page of PAGES) {
    const measured = [];
    for (let i = 0; i < runs; i++) measured.push(await measure(lighthouse, chromeLauncher, port, page));
    measured.sort((a, b) => a.score - b.score);
    rows.push({ ...measured[Math.floor(runs / 2)], scores: measured.map((row) => row.score) });
  }
  console.log(`\nLighthouse, mobile profile (simulated slow 4G, 4x CPU slowdown), performance: the median of ${runs} runs a page`);
  console.log('page'.padEnd(24), 'path'.padEnd(22), 'score'.padStart(5), 'runs'.padStart(10), 'FCP ms'.padStart(7), 'LCP ms'.padStart(7), 'TBT ms'.padStart(7), 'JS KB'.padStart(7));
  for (const row of rows) {
    console.log(
      row.page.padEnd(24),
      row.path.padEnd(22),
      String(row.score).padStart(5),
      row.scores.join('/').padStart(10),
      String(row.fcpMs).padStart(7),
      String(row.lcpMs).padStart(7),
      String(row.tbtMs).padStart(7),
      row.jsKb.toFixed(1).padStart(7),
    );
  }
  const first = rows.find((row) => row.firstRoute);
  console.log(
    `First route JavaScript transferred: ${first.jsKb.toFixed(1)} KB (budget ${FIRST_ROUTE_JS_BUDGET_KB} KB: ${first.jsKb <= FIRST_ROUTE_JS_BUDGET_KB ? 'within' : 'OVER'})`,
  );
  return rows;
}

module.exports = { run };

if (require.main === module) {
  run({ port: Number(process.env.PORT || 3000) }).catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
