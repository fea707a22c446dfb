import { createConnection, createServer, type NetConnectOpts, Server, Socket } from 'node:net';

/**
 * A loopback TCP proxy in front of PostgreSQL or Redis, so a test can take the service "down" for
 * its own app (refused connections, cut sockets) without stopping the server other tests share.
 */
export class TcpProxy {
  private server?: Server;
  private readonly sockets = new Set<Socket>();
  port = 0;

  constructor(private readonly target: NetConnectOpts) {}

  /**
   * For a service URL (postgres://, redis://): a proxy to it, listening, and the URL through it. A
   * PostgreSQL URL whose host is a socket folder (the local stack's, decision 0023) is proxied to
   * that folder's socket.
   */
  static async inFrontOf(serviceUrl: string): Promise<{ proxy: TcpProxy; url: string }> {
    const url = new URL(serviceUrl);
    const host = decodeURIComponent(url.hostname);
    const proxy = new TcpProxy(host.startsWith('/') ? { path: `${host}/.s.PGSQL.${url.port}` } : { host, port: Number(url.port) });
    await proxy.up();
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    return { proxy, url: url.toString() };
  }

  /** Starts listening (on the same port as before, after a `down`). */
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
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.server = server;
    this.port = (server.address() as { port: number }).port;
  }

  /** The service is gone: open connections are cut and new ones are refused. */
  async down(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const socket of this.sockets) socket.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
