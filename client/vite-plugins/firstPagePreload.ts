import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import type { OutputBundle, OutputChunk } from 'rollup';

/**
 * Fetches the first page's own code beside the main chunk instead of after it. Every page is a lazy
 * chunk that the router asks for only once the main chunk has downloaded and run; on a phone that is
 * a second wave of requests (over HTTP/1.1, several rounds of them for a page's small chunks) before
 * the page can paint. For the pages people land on, a tiny script that index.html loads `async` adds
 * `modulepreload` links for the page's chunks and CSS when the address is that page's. It is a file,
 * not inline, because the CSP allows scripts from 'self' only.
 *
 * `pages` maps a fixed address (no parameters) to the page module its route lazily imports, and the
 * API reads the page starts as its route is entered (preloadApiRead), which are then asked from the
 * start too. A module that is not a lazy chunk fails the build, so a moved page cannot silently lose
 * its preload.
 */
export const FIRST_PAGE_PRELOAD = 'rentwise:first-page-preload';

/** What the build knows of a first page, for prerenderPages: its files, as the preload script names them. */
export interface FirstPagePreloadApi {
  filesOf(address: string): string[];
}

export function firstPagePreload(pages: Record<string, { page: string; reads?: `/api/${string}`[] }>): Plugin<FirstPagePreloadApi> {
  let root = process.cwd();
  let scriptFile: string | undefined;
  const files: Record<string, string[]> = {};
  return {
    name: FIRST_PAGE_PRELOAD,
    // The client's build, not prerenderPages' build of the pages for Node.
    apply: (_, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    api: { filesOf: (address) => files[address] ?? [] },
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk');
      for (const [address, { page: module, reads = [] }] of Object.entries(pages)) {
        const id = resolve(root, module);
        // Not facadeModuleId: a page's chunk may also hold a module only it uses, and then has no facade.
        const page = chunks.find((chunk) => chunk.isDynamicEntry && chunk.moduleIds.includes(id));
        if (!page) this.error(`firstPagePreload: ${module} (for ${address}) is not a lazily imported page`);
        files[address] = [...pageFiles(page, bundle).map((file) => `/${file}`), ...reads];
      }
      // As preloadApiRead asks for a read (with credentials), so the app's fetch takes the answer.
      const source =
        `(function(){var f=${JSON.stringify(files)}[location.pathname];if(!f)return;` +
        `f.forEach(function(n){var l=document.createElement('link');` +
        `if(/^\\/api\\//.test(n)){l.rel='preload';l.as='fetch';l.crossOrigin='use-credentials'}` +
        `else if(/\\.css$/.test(n)){l.rel='preload';l.as='style'}else{l.rel='modulepreload'}` +
        `l.href=n;document.head.appendChild(l)})})();\n`;
      scriptFile = this.getFileName(this.emitFile({ type: 'asset', name: 'first-page-preload.js', source }));
    },
    transformIndexHtml: {
      order: 'post',
      handler: () =>
        scriptFile ? [{ tag: 'script', attrs: { src: `/${scriptFile}`, async: true }, injectTo: 'head-prepend' }] : [],
    },
  };
}

/** A page chunk, the chunks it imports statically (not the entry, already loading), and their CSS. */
function pageFiles(page: OutputChunk, bundle: OutputBundle): string[] {
  const files = new Set<string>();
  const visit = (chunk: OutputChunk) => {
    if (chunk.isEntry || files.has(chunk.fileName)) return;
    files.add(chunk.fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
    for (const name of chunk.imports) {
      const imported = bundle[name];
      if (imported?.type === 'chunk') visit(imported);
    }
  };
  visit(page);
  return [...files];
}
