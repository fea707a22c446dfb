// The plans of the read paths' statements on the bench data of a scale (issue 39: where a path grows
// from 1x to 10x, RESULTS.md shows its plan). The pg baseline runs the product's own SQL; started with
// BENCH_EXPLAIN, it prints each statement's EXPLAIN (ANALYZE, BUFFERS) the first time it runs. One
// request per path, as a person from the middle of the table, after one request each to warm the cache.
// Prints Markdown: a heading per path, each statement's plan in a block.
// Usage: npx node bench/explain.js [--paths months,balance]   (BENCH_SCALE=10 for the 10x data)
const { fork } = require('node:child_process');
const { resolve } = require('node:path');
const { parseArgs } = require('node:util');
const { ensureBenchDatabase, refreshSessions } = require('./data');
const { READ_PATHS, readPath } = require('./read-paths');
const { SCALE, ensurePortFree, stackUrls, stopOnExit, waitUntilUp } = require('./support');

const { values } = parseArgs({ options: { paths: { type: 'string', default: Object.keys(READ_PATHS).filter((name) => READ_PATHS[name].baseline === 'pg').join(',') } } });
const PORT = 3303;

async function main() {
  const { ownerUrl, appUrl } = stackUrls();
  const database = await ensureBenchDatabase({ ownerUrl, appUrl, log: (line) => console.error(line) });
  await refreshSessions(database.ownerUrl);
  await ensurePortFree(PORT);
  const baseline = stopOnExit(
    fork(resolve(__dirname, 'baselines/pg-server.js'), { env: { ...process.env, PORT: String(PORT), DATABASE_URL: database.appUrl, BENCH_EXPLAIN: '1' }, silent: true }),
  );
  let plans = [];
  let buffered = '';
  baseline.stdout.on('data', (chunk) => {
    buffered += chunk;
    const lines = buffered.split('\n');
    buffered = lines.pop();
    plans.push(...lines.filter(Boolean).map((line) => JSON.parse(line)));
  });
  try {
    await waitUntilUp(`http://127.0.0.1:${PORT}/api/account/validate`);
    console.log(`## Plans at ${SCALE}x (${new URL(database.appUrl).pathname.slice(1)})\n`);
    for (const name of values.paths.split(',')) {
      const { path, people, address } = readPath(name);
      const person = people[Math.floor(people.length / 2)];
      const ask = () => fetch(`http://127.0.0.1:${PORT}${address(person)}`, { headers: { cookie: `rw_session=${person.sessionToken}` } });
      // A first request warms the cache (its plans are dropped); the second is explained.
      await ask();
      plans = [];
      const answer = await ask();
      if (!answer.ok) throw new Error(`${path} answered ${answer.status}`);
      console.log(`### ${path}\n`);
      for (const { statement, plan } of plans) console.log(`${statement}:\n\n\`\`\`text\n${plan}\n\`\`\`\n`);
    }
  } finally {
    baseline.kill('SIGTERM');
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
