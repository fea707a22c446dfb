import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../../..');

/** Commands the README names that this test does not run, and why. */
const NOT_RUN: Record<string, string> = {
  stop: 'stops the local services this very test run needs',
  bench: 'the benchmarks take many minutes (npm run bench)',
  'test:faults': 'a step of npm test of its own',
  'test:integration': 'this suite itself',
  'test:mutation': 'twenty minutes; run by hand',
  'video:how-it-works': 'films the product for minutes; its files are checked by their own test',
};

/** Every `npm run ...` the README writes, as written: the script name and its arguments. */
function readmeCommands(): { script: string; args: string[]; written: string }[] {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const seen = new Map<string, { script: string; args: string[]; written: string }>();
  for (const [, written] of readme.matchAll(/`(npm run [^`]+)`/g)) {
    // Optional parts ([...]) are left out; of alternatives (csv|zip) the first is taken.
    const words = written.replace(/\[[^\]]*\]/g, '').trim().split(/\s+/).slice(2);
    const [script, ...rest] = words;
    const args = rest.filter((word) => word !== '--').map((word) => word.split('|')[0]);
    if (!seen.has(script)) seen.set(script, { script, args, written });
  }
  return [...seen.values()];
}

/**
 * The environment of someone who just cloned the checkout: none of this run's database, Redis or
 * queue settings, so each command must find the local stack by itself (decision 0023's socket).
 */
function newcomerEnvironment(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of Object.keys(env)) {
    if (/^(DATABASE_|REDIS_|QUEUE_|SMTP_|STORAGE_|RENTWISE_(?!PG_PORT|REDIS_PORT)|APP_SECRET|PUBLIC_URL|NODE_ENV|LOG_)/.test(name)) delete env[name];
  }
  return env;
}

/** Runs `npm run <script> -- <args>` from the checkout and returns its exit code and output. */
function npmRun(script: string, args: string[]): { status: number | null; output: string } {
  const result = spawnSync('npm', ['run', '--silent', script, '--', ...args], {
    cwd: ROOT,
    env: newcomerEnvironment(),
    encoding: 'utf8',
    timeout: 180_000,
  });
  return { status: result.status, output: `${result.stdout}\n${result.stderr}` };
}

describe('the commands the README writes, run from the checkout as written', () => {
  const commands = readmeCommands();
  const out = mkdtempSync(join(tmpdir(), 'rentwise-readme-'));
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it('finds the commands a newcomer is told to run', () => {
    expect(commands.map((command) => command.script)).toEqual(
      expect.arrayContaining(['migrate', 'worker', 'operator:create', 'finance:create', 'statements:export', 'statements:rebuild', 'webhooks:replay']),
    );
    for (const { script } of commands) expect(Object.keys(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts)).toContain(script);
  });

  it.each(readmeCommands().filter(({ script }) => !(script in NOT_RUN) && script !== 'worker'))(
    'runs `$written` against the local stack, with no settings of its own',
    ({ script, args }) => {
      const unique = randomUUID().slice(0, 8);
      const runArgs = args.map((arg) => (arg.endsWith('@example.com') ? arg.replace('@', `-${unique}@`) : arg));
      const outAt = runArgs.indexOf('--out');
      if (outAt >= 0) runArgs[outAt + 1] = join(out, runArgs[outAt + 1]);

      const { status, output } = npmRun(script, runArgs);

      expect({ status, output }).toEqual({ status: 0, output: expect.not.stringMatching(/Configuration error|required but not set/) });
      if (outAt >= 0) expect(existsSync(runArgs[outAt + 1])).toBe(true);
    },
    180_000,
  );

  it('starts `npm run worker`, which processes the queues until it is stopped', async () => {
    const worker = spawn('npm', ['run', '--silent', 'worker'], { cwd: ROOT, env: newcomerEnvironment(), detached: true });
    let output = '';
    worker.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    worker.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((done) => worker.once('exit', done));
    try {
      const deadline = Date.now() + 150_000;
      while (!output.includes('Rentwise worker is processing') && worker.exitCode === null && Date.now() < deadline) {
        await new Promise((done) => setTimeout(done, 250));
      }
      expect(output).toContain('Rentwise worker is processing');
    } finally {
      process.kill(-worker.pid!, 'SIGTERM');
      await exited;
    }
  }, 180_000);
});
