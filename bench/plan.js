// What a bench run is about to do and roughly how long each part takes, at 1x and at --scale 10,
// printed by run.sh before it starts (issue 39). The figures are estimates from the runs recorded in
// bench/RESULTS.md on the 2-core machine: a part's timed windows follow from the options, the rest
// (data, start-up, drains, jobs) is a fixed cost and a cost that grows with the data. A database that
// is already made at the current data version is reused, and its making is left out.
// Usage: node bench/plan.js --parts reads,payments,... [--runs 3 --duration 10 --warmup 3 --connections 20,64 --paths a,b]
const { parseArgs } = require('node:util');
const { benchDataVersion, benchDatabaseName } = require('./data');
const { SCALE, stackUrls, withClient, withDatabase } = require('./support');

const { values } = parseArgs({
  options: {
    parts: { type: 'string' },
    runs: { type: 'string', default: '3' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '20,64' },
    paths: { type: 'string', default: '' },
    processes: { type: 'string', default: '2' },
    regenerate: { type: 'boolean', default: false },
  },
  strict: false,
});
const runs = Number(values.runs);
const duration = Number(values.duration);
const warmup = Number(values.warmup);
const connections = values.connections.split(',').length;
const readPaths = values.paths ? values.paths.split(',').length : 9;
/** One measured comparison: both sides warmed up, then `runs` rounds of each. */
const alternating = 2 * warmup + 2 * runs * duration;
/** The reads share their rounds out over fresh server processes, each warmed up (bench/http.js). */
const processes = Number(values.processes);
const readRounds = Math.ceil(runs / processes) * processes;

/** Seconds a part takes at a scale: fixed + grows * scale + its timed windows. */
const PARTS = {
  reads: { fixed: 15 * processes, grows: 0, windows: () => readPaths * connections * (processes * 2 * warmup + 2 * readRounds * duration) },
  lighthouse: { fixed: 200, grows: 0, windows: () => 0 },
  payments: { fixed: 250, grows: 0, windows: () => 2 * alternating },
  webhooks: { fixed: 90, grows: 0, windows: () => 0 },
  // A warm-up rebuild and `runs` more, each with its SQL aggregate: about 16 s at 1x, 171 s at 10x.
  rebuild: { fixed: 5, grows: 17, windows: () => 0, perRun: true },
  statement: { fixed: 10, grows: 0, windows: () => 2 * alternating },
  export: { fixed: 5, grows: 10, windows: () => 0 },
  // Charging, three days' late fees and reminders, each run again: about 40 s at 1x.
  charges: { fixed: 10, grows: 30, windows: () => 0 },
  autopay: { fixed: 10, grows: 55, windows: () => 0 },
  // Linking and the compressed hour, then the events drained: about 5 min at 1x, 12 min at 10x (2026-11-29).
  'rent-day': { fixed: 230, grows: 50, windows: () => 0 },
};
/** Parts that measure no growth with the data, left out at a larger scale (as run.sh does). */
const ONLY_AT_1X = ['lighthouse', 'payments', 'webhooks'];
/**
 * Making a bench database (payments set-based, charges, ANALYZE, then its first projection into
 * statement lines): about 4 minutes a million entries (the 10x projection alone took 16 minutes).
 */
const DATA_SECONDS_PER_SCALE = 230;

function partSeconds(part, scale) {
  const { fixed, grows, windows, perRun } = PARTS[part];
  return fixed + grows * scale * (perRun ? runs + 1 : 1) + windows();
}

async function isMade(statementLandlord, scale) {
  if (values.regenerate) return false;
  const { ownerUrl } = stackUrls();
  const name = benchDatabaseName({ scale, statementLandlord });
  try {
    const marker = await withClient(withDatabase(ownerUrl, name), async (client) => (await client.query('SELECT version FROM public.bench_data')).rows[0]?.version);
    return marker === benchDataVersion(statementLandlord);
  } catch {
    return false;
  }
}

const inWords = (seconds) => (seconds < 90 ? `${Math.round(seconds)} s` : seconds < 5400 ? `${Math.round(seconds / 60)} min` : `${(seconds / 3600).toFixed(1)} h`);

async function main() {
  const parts = values.parts.split(',').filter(Boolean);
  for (const part of parts) if (!PARTS[part]) throw new Error(`No estimate for the part ${part}`);
  const rows = [];
  for (const scale of SCALE === 1 ? [1, 10] : [1, SCALE]) {
    // The same parts, less those a run at a larger scale leaves out (run.sh: ONLY_AT_1X).
    const figures = parts.filter((part) => scale === 1 || !ONLY_AT_1X.includes(part)).map((part) => [part, partSeconds(part, scale)]);
    // The databases reads, rebuild and statement use, unless already made.
    const databases = [];
    if (parts.includes('reads')) databases.push(false);
    if (parts.includes('rebuild') || parts.includes('statement')) databases.push(true);
    for (const statementLandlord of databases) {
      if (!(await isMade(statementLandlord, scale))) figures.push(['data', DATA_SECONDS_PER_SCALE * scale]);
    }
    rows.push({ scale, figures, total: figures.reduce((sum, [, seconds]) => sum + seconds, 0) });
  }
  console.log(`Estimated time of each part (rough, from the 2-core machine's runs; ${runs} rounds of ${duration} s after ${warmup} s warm-ups):`);
  const names = [...new Set(rows.flatMap((row) => row.figures.map(([part]) => part)))];
  console.log('part'.padEnd(12), ...rows.map((row) => `${row.scale}x${row.scale === SCALE ? ' (this run)' : ''}`.padStart(16)));
  for (const name of names) {
    const cell = (row) => {
      const seconds = row.figures.filter(([part]) => part === name).reduce((sum, [, s]) => sum + s, 0);
      return (seconds ? inWords(seconds) : '-').padStart(16);
    };
    console.log(name.padEnd(12), ...rows.map(cell));
  }
  console.log('total'.padEnd(12), ...rows.map((row) => inWords(row.total).padStart(16)));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
