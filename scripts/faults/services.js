// The crash suite's own services: a private PostgreSQL cluster and Redis (so restarting them never
// touches the developer's shared servers), an SMTP sink that counts every message by Message-ID, and
// a small load balancer in front of the API processes. Everything listens on 127.0.0.1 only.
const { execFileSync, spawn, spawnSync } = require('node:child_process');
const { existsSync, openSync, mkdirSync, readdirSync, readFileSync, writeFileSync, rmSync } = require('node:fs');
const http = require('node:http');
const net = require('node:net');
const { join } = require('node:path');
const { SMTPServer } = require('smtp-server');

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

async function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

const isRoot = () => process.getuid && process.getuid() === 0;
const alive = (pid) => Boolean(pid) && existsSync(`/proc/${pid}`) && !readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.startsWith('Z');

function pgBin() {
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base) ? readdirSync(base).filter((v) => existsSync(join(base, v, 'bin/initdb'))) : [];
  if (versions.length === 0) throw new Error('PostgreSQL is not installed: run `bash scripts/stack.sh up` once (it installs it)');
  versions.sort((a, b) => Number(a) - Number(b));
  return join(base, versions.at(-1), 'bin');
}

/**
 * PostgreSQL refuses to run as root: as root, run it inside a user namespace where root appears as
 * nobody (the trick scripts/stack.sh uses), so it can use a folder root created.
 */
function asPostgresUser(argv) {
  if (!isRoot()) return argv;
  const nobody = execFileSync('id', ['-u', 'nobody']).toString().trim();
  const nogroup = execFileSync('id', ['-g', 'nobody']).toString().trim();
  return ['unshare', '--user', `--map-user=${nobody}`, `--map-group=${nogroup}`, '--', ...argv];
}

class PrivatePostgres {
  constructor(dir, port) {
    this.dir = dir;
    this.port = port;
    this.data = join(dir, 'pgdata');
    this.run = join(dir, 'pgrun');
    this.ownerUrl = `postgres://rentwise:rentwise@127.0.0.1:${port}/postgres`;
  }

  /**
   * The product's role, over TCP or over the Unix socket in `run` (the way the local stack connects,
   * decision 0023): a stopped server is ECONNREFUSED on one and ENOENT (no socket file) on the other.
   */
  appUrl(transport) {
    const host = transport === 'unix-socket' ? encodeURIComponent(this.run) : '127.0.0.1';
    return `postgres://rentwise_web:rentwise@${host}:${this.port}/postgres`;
  }

  async init() {
    mkdirSync(this.run, { recursive: true });
    const pwfile = join(this.dir, 'pwfile');
    writeFileSync(pwfile, 'rentwise\n');
    const [cmd, ...args] = asPostgresUser([
      join(pgBin(), 'initdb'), '-D', this.data, '-U', 'rentwise', `--pwfile=${pwfile}`, '--auth=scram-sha-256', '-E', 'UTF8', '--locale=C.UTF-8',
    ]);
    const result = spawnSync(cmd, args, { encoding: 'utf8' });
    rmSync(pwfile, { force: true });
    if (result.status !== 0) throw new Error(`initdb failed: ${result.stderr || result.stdout}`);
    await this.start();
  }

  /**
   * fsync=off is safe here (the machine does not crash, only PostgreSQL), but synchronous_commit stays
   * on: with it off, an immediate stop loses commits the product already answered for.
   */
  async start() {
    const [cmd, ...args] = asPostgresUser([
      join(pgBin(), 'pg_ctl'), '-D', this.data, '-l', join(this.dir, 'postgres.log'), '-w', '-t', '60',
      '-o', `-p ${this.port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${this.run} -c max_connections=300 -c fsync=off`,
      'start',
    ]);
    const result = spawnSync(cmd, args, { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`PostgreSQL did not start: see ${join(this.dir, 'postgres.log')}`);
  }

  pid() {
    try {
      return Number(readFileSync(join(this.data, 'postmaster.pid'), 'utf8').split('\n')[0]);
    } catch {
      return 0;
    }
  }

  /** fast: SIGINT (clients cut, clean shutdown); immediate: SIGQUIT (as after a crash: recovery at start). */
  async stop(mode = 'fast') {
    const pid = this.pid();
    if (!alive(pid)) return;
    process.kill(pid, mode === 'immediate' ? 'SIGQUIT' : 'SIGINT');
    for (let i = 0; i < 300 && alive(pid); i++) await sleep(100);
    if (alive(pid)) process.kill(pid, 'SIGKILL');
  }
}

class PrivateRedis {
  constructor(dir, port) {
    this.dir = join(dir, 'redis');
    this.port = port;
    this.url = `redis://127.0.0.1:${port}`;
    this.child = null;
  }

  async start() {
    mkdirSync(this.dir, { recursive: true });
    // appendonly + noeviction as scripts/stack.sh; fsync always, so a restart loses no acknowledged job.
    this.child = spawn('redis-server', [
      '--port', String(this.port), '--bind', '127.0.0.1', '--dir', this.dir, '--appendonly', 'yes', '--appendfsync', 'always',
      '--maxmemory-policy', 'noeviction', '--save', '',
    ], { stdio: ['ignore', openSync(join(this.dir, '..', 'logs', 'redis.log'), 'a'), openSync(join(this.dir, '..', 'logs', 'redis.log'), 'a')] });
    for (let i = 0; i < 100; i++) {
      if (await this.ping()) return;
      await sleep(50);
    }
    throw new Error('Redis did not start');
  }

  ping() {
    return new Promise((resolve) => {
      const socket = net.connect(this.port, '127.0.0.1');
      socket.setTimeout(500);
      socket.once('connect', () => socket.write('PING\r\n'));
      socket.once('data', (data) => {
        socket.destroy();
        resolve(data.toString().startsWith('+PONG'));
      });
      socket.once('error', () => resolve(false));
      socket.once('timeout', () => {
        socket.destroy();
        resolve(false);
      });
    });
  }

  /** SIGTERM: Redis writes its append-only file and exits, as a restart by a service manager does. */
  async stop() {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    await Promise.race([exited, sleep(10_000)]);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
}

/** Every message handed to SMTP, with its Message-ID, so the checks can count copies per outbox row. */
class SmtpSink {
  constructor() {
    this.messages = [];
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks = [];
        stream.on('data', (chunk) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const head = raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');
          const messageId = /^message-id:\s*(\S+)/im.exec(head)?.[1] ?? null;
          const subject = /^subject:\s*(.*)$/im.exec(head)?.[1] ?? '';
          this.messages.push({ messageId, subject, to: session.envelope.rcptTo.map((r) => r.address) });
          callback();
        });
      },
    });
  }

  async listen() {
    // A worker killed in the middle of a message cuts the connection: expected here, not an error.
    this.server.on('error', () => undefined);
    this.port = await freePort();
    await new Promise((resolve) => this.server.listen(this.port, '127.0.0.1', resolve));
    return this.port;
  }

  close() {
    return new Promise((resolve) => this.server.close(resolve));
  }
}

/**
 * The load balancer production has in front of several API processes: each request goes to the next
 * live one; a refused connection (a process that is down) goes on to the next, as nginx's
 * proxy_next_upstream does; an answer cut off by a dying process becomes 502, and clients retry.
 */
class LoadBalancer {
  constructor() {
    this.backends = new Map(); // name -> port, only while the process is ready
    this.next = 0;
    this.sockets = new Set();
    this.server = http.createServer((request, response) => this.forward(request, response));
    this.server.keepAliveTimeout = 1000;
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
    });
  }

  async listen() {
    this.port = await freePort();
    await new Promise((resolve) => this.server.listen(this.port, '127.0.0.1', resolve));
    return this.port;
  }

  forward(request, response) {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => this.tryBackends(request, Buffer.concat(chunks), response, [...this.backends.values()], 0));
  }

  tryBackends(request, body, response, ports, tried) {
    if (tried >= ports.length) {
      response.writeHead(502, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ status: 'error', error: 'No API process is up (load balancer)' }));
      return;
    }
    const port = ports[(this.next++) % ports.length];
    const upstream = http.request(
      { host: '127.0.0.1', port, method: request.method, path: request.url, headers: { ...request.headers, host: `127.0.0.1:${this.port}` }, agent: false },
      (answer) => {
        // Which process answered, so the suite can count answers by the way it reaches PostgreSQL.
        response.writeHead(answer.statusCode, { ...answer.headers, 'x-rentwise-backend': this.nameOf(port) });
        answer.pipe(response);
        answer.on('aborted', () => response.destroy());
        answer.on('error', () => response.destroy());
      },
    );
    upstream.on('error', (error) => {
      if (response.headersSent) return response.destroy();
      if (error.code === 'ECONNREFUSED') return this.tryBackends(request, body, response, ports, tried + 1);
      response.writeHead(502, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ status: 'error', error: `The API process went away (${error.code ?? error.message})` }));
    });
    upstream.end(body);
  }

  nameOf(port) {
    for (const [name, backendPort] of this.backends) if (backendPort === port) return name;
    return 'gone';
  }

  close() {
    for (const socket of this.sockets) socket.destroy();
    return new Promise((resolve) => this.server.close(resolve));
  }
}

module.exports = { freePort, sleep, alive, PrivatePostgres, PrivateRedis, SmtpSink, LoadBalancer };
