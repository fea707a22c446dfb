import { existsSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FastifyRequest } from 'fastify';

/** Where the client's build puts prerendered pages (client/vite-plugins/prerenderPages.ts). */
const PRERENDERED_DIRECTORY = 'prerendered';
/** The session cookie under either of its names (SessionCookies: __Host- in production). */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Host-)?rw_session=/;

/**
 * Which file of the client's build answers a page's address: index.html (the app renders the page
 * after its code has run), or for a signed-out page the build prerendered, that page already in the
 * HTML (decision 0050). Only for a visitor without a session and an address without a query: the
 * prerendered page is the one a signed-out visitor's first render makes, and React takes it over
 * only if its own first render is the same (a signed-in visitor is sent on to their dashboard;
 * ?again=payment adds a notice).
 */
export class ClientPages {
  private constructor(private readonly prerendered: ReadonlyMap<string, string>) {}

  static in(clientDist: string): ClientPages {
    const directory = resolve(clientDist, PRERENDERED_DIRECTORY);
    const files = existsSync(directory) ? readdirSync(directory).filter((file) => file.endsWith('.html')) : [];
    return new ClientPages(new Map(files.map((file) => [`/${file.slice(0, -'.html'.length)}`, `${PRERENDERED_DIRECTORY}/${file}`])));
  }

  fileFor(request: FastifyRequest): string {
    const prerendered = this.prerendered.get(request.url);
    if (prerendered && !SESSION_COOKIE.test(request.headers.cookie ?? '')) return prerendered;
    return 'index.html';
  }
}
