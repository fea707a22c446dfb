import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection, createServer, type NetConnectOpts, Server, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** How the app reaches the proxy: a loopback TCP port, or a Unix socket in a folder of its own. */
export type ProxyListener = 'tcp' | 'unix-socket';

/**
 * A proxy in front of PostgreSQL or Redis, so a test can take the service "down" for its own app
 * (cut sockets, then refused connections over TCP, or a socket file that is gone, as when the local
 * stack's PostgreSQL stops) without stopping the server other tests share.
 */
export class ServiceProxy {
  private server?: Server;
  private readonly sockets = new Set<Socket>();
  port = 0;

  private constructor(
    private readonly target: NetConnectOpts,
    private readonly socketPath?: string,
  ) {}

  /**
   * For a service URL (postgres://, redis://): a proxy to it, listening, and the URL through it. A
   * PostgreSQL URL whose host is a socket folder (the local stack's, decision 0023) is proxied to
   * that folder's socket. `listener: 'unix-socket'` (PostgreSQL only) serves the proxy as a socket
   * folder of its own, the way the local stack's URL reaches PostgreSQL.
   */
  static async inFrontOf(serviceUrl: string, listener: ProxyListener = 'tcp'): Promise<{ proxy: ServiceProxy; url: string }> {
    const url = new URL(serviceUrl);
    const host = decodeURIComponent(url.hostname);
    const port = url.port || '5432';
    const target = host.startsWith('/') ? { path: `${host}/.s.PGSQL.${port}` } : { host, port: Number(port) };
    if (listener === 'unix-socket') {
      const folder = mkdtempSync(join(tmpdir(), 'rentwise-pg-proxy-'));
      const proxy = new ServiceProxy(target, join(folder, `.s.PGSQL.${port}`));
      await proxy.up();
      url.hostname = encodeURIComponent(folder);
      url.port = port;
      return { proxy, url: url.toString() };
    }
    const proxy = new ServiceProxy(target);
    await proxy.up();
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    return { proxy, url: url.toString() };
  }

  /** Starts listening (on the same port or socket as before, after a `down`). */
  async up(): Promise<void> {
    const server = createServer((client) => {
      const upstream = createConnection(this.target);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      if (this.socketPath) server.listen(this.socketPath, () => resolve());
      else server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.server = server;
    if (!this.socketPath) this.port = (server.address() as { port: number }).port;
  }

  /**
   * The service is gone: open connections are cut and new ones are refused (TCP) or find no socket
   * file (a Unix socket server removes its file on close: `connect ENOENT`, as a stopped PostgreSQL).
   */
  async down(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const socket of this.sockets) socket.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Stops listening and removes the socket folder, if any. */
  async close(): Promise<void> {
    await this.down();
    if (this.socketPath) rmSync(join(this.socketPath, '..'), { recursive: true, force: true });
  }
}
