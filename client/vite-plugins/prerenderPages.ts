import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import { FIRST_PAGE_PRELOAD, type FirstPagePreloadApi } from './firstPagePreload';

/** Where the server looks for a prerendered page (ClientPages): `<client dist>/prerendered/<address>.html`. */
const PRERENDERED_DIRECTORY = 'prerendered';
/** How long a prerendered page waits for its first paint before it asks for its code anyway. */
const PAINT_WAIT_MS = 1500;

/**
 * Signed-out pages served already rendered, so that a phone paints them from the HTML instead of
 * after the main chunk (react-dom, the router, RTK) has downloaded and run: on Lighthouse's mobile
 * profile that run was most of the time to the largest paint. After the client's build, `entry` (a
 * module exporting `prerender(address): Promise<string>`) is built for Node and run for each
 * address; its HTML goes into index.html's #root, with the stylesheets of the page's chunks (as
 * firstPagePreload finds them) so that it is painted as styled as it will be once hydrated. Its code
 * is asked for once the page is painted (decision 0050): until then a phone's bandwidth goes to the
 * stylesheets and the font the paint needs, not to 150 KB of code the paint does not. Written beside
 * brotli and gzip twins, as the rest of the build is.
 */
export function prerenderPages({ entry, addresses }: { entry: string; addresses: string[] }): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'rentwise:prerender-pages',
    apply: (_, { isSsrBuild }) => !isSsrBuild,
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      const firstPages = config.plugins.find((plugin) => plugin.name === FIRST_PAGE_PRELOAD)?.api as FirstPagePreloadApi | undefined;
      if (!firstPages) throw new Error('prerenderPages needs firstPagePreload, which finds each page\'s stylesheets');
      const serverBuild = resolve(config.root, 'node_modules/.cache/rentwise-prerender');
      await build({
        configFile: config.configFile,
        mode: config.mode,
        logLevel: 'warn',
        build: { ssr: entry, outDir: serverBuild, emptyOutDir: true, sourcemap: false, copyPublicDir: false },
      });
      const { prerender } = (await import(pathToFileURL(resolve(serverBuild, 'prerender.js')).href)) as {
        prerender: (address: string) => Promise<string>;
      };
      const outDir = resolve(config.root, config.build.outDir);
      const template = readFileSync(resolve(outDir, 'index.html'), 'utf8');
      if (!template.includes('<div id="root"></div>')) throw new Error('prerenderPages: index.html has no empty <div id="root"></div>');
      const mainScript = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(template);
      const preloadScript = /<script src="[^"]*first-page-preload[^"]*" async><\/script>\s*/.exec(template);
      if (!mainScript || !preloadScript) throw new Error('prerenderPages: index.html has not the scripts it expects');
      for (const address of addresses) {
        const files = firstPages.filesOf(address);
        const stylesheets = files.filter((file) => file.endsWith('.css')).map((file) => `<link rel="stylesheet" crossorigin href="${file}">`);
        const starter = writeAsset(outDir, `after-first-paint-${address.replace(/\W+/g, '')}`, afterFirstPaint([...files.filter((file) => file.endsWith('.js')), mainScript[1]]));
        const html = template
          .replace(preloadScript[0], '')
          .replace(mainScript[0], `<script src="${starter}" defer></script>`)
          .replace('</head>', `${stylesheets.join('')}</head>`)
          .replace('<div id="root"></div>', `<div id="root">${await prerender(address)}</div>`);
        writeWithTwins(resolve(outDir, PRERENDERED_DIRECTORY, `${address.replace(/^\//, '')}.html`), html);
      }
    },
  };
}

/**
 * A script that asks for the page's code once the page is painted: the modules first (fetched side
 * by side), then the main chunk, which imports them. On the browser's first contentful paint, or
 * after PAINT_WAIT_MS in a tab that does not paint (one opened in the background). A file, as the
 * CSP allows scripts from 'self' only.
 */
function afterFirstPaint(modules: string[]): string {
  return (
    `(function(){var m=${JSON.stringify(modules)},done=false;function load(){if(done)return;done=true;` +
    `m.forEach(function(n,i){var e=document.createElement(i<m.length-1?'link':'script');` +
    `if(i<m.length-1){e.rel='modulepreload';e.href=n}else{e.type='module';e.src=n}e.crossOrigin='';document.head.appendChild(e)})}` +
    `try{new PerformanceObserver(function(l){if(l.getEntriesByName('first-contentful-paint').length)load()}).observe({type:'paint',buffered:true})}catch(e){load()}` +
    `setTimeout(load,${PAINT_WAIT_MS})})();\n`
  );
}

/** Writes a script under assets/, named by its content as Vite names its own, and returns its address. */
function writeAsset(outDir: string, name: string, source: string): string {
  const file = `assets/${name}-${createHash('sha256').update(source).digest('base64url').slice(0, 8)}.js`;
  writeWithTwins(resolve(outDir, file), source);
  return `/${file}`;
}

function writeWithTwins(file: string, content: string): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
  writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }));
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
}
