// The product's processes as production runs them: API processes with RUN_WORKERS=false and separate
// `npm run worker` processes, each restarted after it dies, as a service manager would.
const { spawn } = require('node:child_process');
const { createWriteStream } = require('node:fs');
const { join, resolve } = require('node:path');
const { sleep } = require('./services');

const root = resolve(__dirname, '../..');

class ProductProcess {
  /** kind: 'api' | 'worker'; env: the environment both share; onReady/onDown: the load balancer's view. */
  constructor({ name, kind, port, env, logDir, random, hooks }) {
    Object.assign(this, { name, kind, port, env, logDir, random, hooks });
    this.child = null;
    this.ready = false;
    this.stopping = false;
    this.starts = 0;
    this.deaths = 0;
    this.startupFailures = 0;
    this.faultKills = new Map();
    this.log = createWriteStream(join(logDir, `${name}.log`), { flags: 'a' });
  }

  start() {
    this.starts += 1;
    const script = join(root, 'server/dist', this.kind === 'api' ? 'main.js' : 'worker.js');
    const env = {
      ...this.env,
      ...(this.kind === 'api' ? { PORT: String(this.port), HOST: '127.0.0.1' } : {}),
      // Each start draws its own fault decisions, replayably from the run's seed.
      RENTWISE_FAULTS_SEED: String(Math.floor(this.random() * 2 ** 31)),
    };
    const child = spawn(process.execPath, [script], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    this.ready = false;
    const readyLine = this.kind === 'api' ? 'Rentwise is serving' : 'Rentwise worker is processing';
    this.readyAt = new Promise((resolveReady) => {
      const watch = (chunk) => {
        const text = chunk.toString();
        if (!this.ready && text.includes(readyLine)) {
          this.ready = true;
          this.hooks.onReady?.(this);
          resolveReady();
        }
      };
      child.stdout.on('data', watch);
      child.on('exit', () => resolveReady());
    });
    child.stdout.pipe(this.log, { end: false });
    child.stderr.on('data', (chunk) => {
      for (const match of chunk.toString().matchAll(/RENTWISE_FAULT (\S+)/g)) {
        this.faultKills.set(match[1], (this.faultKills.get(match[1]) ?? 0) + 1);
      }
    });
    child.stderr.pipe(this.log, { end: false });
    child.once('exit', (code, signal) => {
      const wasReady = this.ready;
      this.ready = false;
      this.hooks.onDown?.(this);
      if (this.stopping) return;
      this.deaths += 1;
      this.log.write(`\n[faults] ${this.name} exited (${signal ?? code}); restarting\n`);
      // A start-up that fails on a loaded machine (a 1 s Redis command timeout) is the service manager's to retry.
      if (signal !== 'SIGKILL' && wasReady) this.hooks.onUnexpectedExit?.(this, code, signal);
      if (!wasReady && signal !== 'SIGKILL') this.startupFailures += 1;
      // A service manager's restart delay: 100 to 600 ms.
      setTimeout(() => !this.stopping && this.start(), 100 + Math.floor(this.random() * 500));
    });
    return this.readyAt;
  }

  /** The incident is over: from now on it starts without kill points; the running process is killed to restart so. */
  calm() {
    const { RENTWISE_FAULTS: _faults, ...env } = this.env;
    this.env = env;
    if (this.child && this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
  }

  kill9() {
    if (this.child && this.ready) {
      this.child.kill('SIGKILL');
      return true;
    }
    return false;
  }

  async stop() {
    this.stopping = true;
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    await Promise.race([exited, sleep(8000)]);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await Promise.race([exited, sleep(2000)]);
    }
  }

  async waitReady(timeoutMs = 60_000) {
    const deadline = Date.now() + timeoutMs;
    while (!this.ready) {
      if (Date.now() > deadline) throw new Error(`${this.name} did not start within ${timeoutMs / 1000} s (see ${join(this.logDir, `${this.name}.log`)})`);
      await sleep(100);
    }
  }
}

module.exports = { ProductProcess, root };
