// RESULTS.md's tables from the latest runs' figures (issue 39): the 1x run as one table with its spreads
// (bench/results.json), and each row at 1x beside 10x (bench/results-10x.json) with the growth and its
// target. Rows are matched by their stable name, else by path and connections.
// Usage: node bench/render-results.js           prints the tables
//        node bench/render-results.js --write   replaces them in bench/RESULTS.md, between its
//                                               <!-- results:begin --> and <!-- results:end --> marks
const { existsSync, readFileSync, writeFileSync } = require('node:fs');
const { resolve } = require('node:path');
const { parseArgs } = require('node:util');

const { values } = parseArgs({ options: { write: { type: 'boolean', default: false } } });
const read = (file) => (existsSync(resolve(__dirname, file)) ? JSON.parse(readFileSync(resolve(__dirname, file), 'utf8')) : []);
const at1x = read('results.json');
const at10x = read('results-10x.json');

/** Growth targets from 1x to 10x (issue 39). */
const GROWTH = {
  /** An index-backed read: per-request latency and CPU within 1.3x. */
  read: 1.3,
  /** The rebuild and the export: time at most linear, peak memory within 1.2x. */
  linear: 10,
  memory: 1.2,
};
/** Rows whose work grows with the data: time at most linear. The jobs are shown against it too. */
const LINEAR = new Set(['rebuild', 'export', 'charges-first-run', 'reminders', 'charges-nothing-due', 'late-fees-first-run', 'late-fees-nothing-new', 'autopay-first-run', 'autopay-next-run', 'rent-day']);
/** Rows whose peak memory must stay flat. */
const FLAT_MEMORY = new Set(['rebuild', 'export']);

const key = (row) => row.name ?? `${row.path}\u0000${row.connections}`;
const number = (n) => (n === null || n === undefined ? '—' : Math.round(n).toLocaleString('en-US'));
const withSpread = (median, spread) => (median === undefined ? '—' : spread ? `${number(median)} (${number(spread[0])}-${number(spread[1])})` : number(median));
const growth = (a, b) => (a && b ? b / a : null);
const times = (g) => (g === null ? '—' : `${g.toFixed(2)}x`);
const check = (g, limit) => (g === null || limit === undefined ? '' : g <= limit ? ' met' : ' **missed**');
const label = (row) => (row.connections > 1 ? `${row.path}, ${row.connections} conns` : row.path);

function latestTable() {
  const lines = [
    '| path | CPU µs a request (spread) | API + PostgreSQL | baseline CPU µs (spread) | ratio | target | req/s (spread) | baseline req/s | p99 ms |',
    '| --- | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: |',
  ];
  for (const row of at1x) {
    const target = row.target === undefined ? '' : `${typeof row.target === 'number' ? `≤ ${row.target}x` : row.target}${row.met === undefined ? '' : row.met ? ' met' : ' **missed**'}`;
    const ratio = row.ratio === null || row.ratio === undefined ? '—' : `${row.ratio.toFixed(2)}${row.ratio_of === 'cpu' ? ' CPU' : row.ratio_of === 'time' ? ' time' : ' rate'}`;
    lines.push(
      `| ${label(row)} | ${withSpread(row.cpu_us_product, row.cpu_us_product_spread)} | ` +
        `${row.cpu_us_product_api === undefined ? '—' : `${number(row.cpu_us_product_api)} + ${number(row.cpu_us_product_postgres)}`} | ` +
        `${withSpread(row.cpu_us_baseline, row.cpu_us_baseline_spread)} | ${ratio} | ${target} | ` +
        `${withSpread(row.product_rps, row.product_rps_spread)} | ${number(row.baseline_rps)} | ${number(row.p99_ms)} |`,
    );
  }
  return lines.join('\n');
}

function growthTable() {
  const tenX = new Map(at10x.map((row) => [key(row), row]));
  const lines = [
    '| path | CPU µs 1x / 10x | growth | p99 ms (or s) 1x / 10x | growth | peak MB 1x / 10x | growth |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const one of at1x) {
    const ten = tenX.get(key(one));
    if (!ten) continue;
    const linear = LINEAR.has(one.name);
    const cpu = growth(one.cpu_us_product, ten.cpu_us_product);
    const time = linear ? growth(one.seconds, ten.seconds) : growth(one.p99_ms, ten.p99_ms);
    const memory = growth(one.peak_mb, ten.peak_mb);
    const isRead = one.ratio_of === 'cpu';
    const timeLimit = linear ? GROWTH.linear : isRead ? GROWTH.read : undefined;
    lines.push(
      `| ${label(one)} | ${number(one.cpu_us_product)} / ${number(ten.cpu_us_product)} | ${times(cpu)}${check(cpu, isRead ? GROWTH.read : undefined)} | ` +
        `${linear ? `${one.seconds} / ${ten.seconds} s` : `${number(one.p99_ms)} / ${number(ten.p99_ms)}`} | ${times(time)}${check(time, timeLimit)} | ` +
        `${number(one.peak_mb)} / ${number(ten.peak_mb)} | ${times(memory)}${check(memory, FLAT_MEMORY.has(one.name) ? GROWTH.memory : undefined)} |`,
    );
  }
  if (lines.length === 2) lines.push('| (no run at 10x yet: `npm run bench -- --scale 10`) | | | | | | |');
  return lines.join('\n');
}

const tables =
  `### Latest run at 1x (\`bench/results.json\`)\n\nMedians over the rounds with their spread (min-max); CPU a request = the server process's and its ` +
  `PostgreSQL backends' (utime + stime), servers pinned to one core, the load generator to the other; ratio = product ÷ baseline ` +
  `(CPU, time or rate as marked).\n\n${latestTable()}\n\n` +
  `### 1x against 10x (\`bench/results-10x.json\`)\n\nTargets: reads' CPU and p99 within ${GROWTH.read}x; the rebuild and the export at most ` +
  `linear in time (${GROWTH.linear}x) with peak memory within ${GROWTH.memory}x; the scheduled jobs and rent day shown against linear time.\n\n${growthTable()}\n`;

if (values.write) {
  const file = resolve(__dirname, 'RESULTS.md');
  const text = readFileSync(file, 'utf8');
  const begin = '<!-- results:begin -->';
  const end = '<!-- results:end -->';
  if (!text.includes(begin) || !text.includes(end)) throw new Error(`bench/RESULTS.md has no ${begin} ... ${end} section`);
  writeFileSync(file, `${text.slice(0, text.indexOf(begin) + begin.length)}\n${tables}${text.slice(text.indexOf(end))}`);
  console.log('Wrote the tables into bench/RESULTS.md');
} else {
  console.log(tables);
}
