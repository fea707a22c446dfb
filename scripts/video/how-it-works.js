// `npm run video:how-it-works [-- --no-build] [-- --frames DIR]` (--no-build: the built server and
// client/dist, or E2E_CLIENT_DIST, as they are): films the how-it-works video from the
// product itself, so that it never drifts from the screens (issue 33, decision 0032). It serves the
// built product on a throwaway database with the demo data (scripts/e2e-server.js, as the browser
// tests do), drives Debian's Chromium through each scene of
// client/src/features/public/how-it-works/walkthrough.json (a landlord adds a property and a tenant,
// the tenant pays by card, the landlord finds the payment in the month and the statement), checks
// each screen shows the title its caption names, takes a 1280x720 screenshot of it, and has Debian's
// ffmpeg make the WebM (VP9), the MP4 (H.264) and the poster; the WebVTT captions come from the same
// scenes. The files are written beside walkthrough.json, where the page imports them.
/* global window, document -- in the functions page.evaluate runs in the browser */
const { execFileSync, spawn, spawnSync } = require('node:child_process');
const { copyFileSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } = require('node:fs');
const net = require('node:net');
const { tmpdir } = require('node:os');
const { join, resolve } = require('node:path');

const root = resolve(__dirname, '../..');
const outDir = resolve(root, 'client/src/features/public/how-it-works');
const walkthrough = require(resolve(outDir, 'walkthrough.json'));

const WIDTH = 1280;
const HEIGHT = 720;
/** Stills need few frames; two a second keeps caption changes on a frame and seeking responsive. */
const FPS = 2;
/** The browser tests' flags (playwright.config.ts): Debian's Chromium on a machine with no outside network. */
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** The tenant's scenes are filmed on a phone's screen, centred on this backdrop. */
const PHONE = { width: 375, height: HEIGHT };
const BACKDROP = '0x1e2a4a';
const TENANT_SCENES = new Set(['create-password', 'make-payment', 'card-details', 'confirm-payment', 'paid']);
const DEMO_LANDLORD = { email: 'landlord@rentwise.demo', password: 'rentwise-demo-2019' };
const NEW_HOME = { line1: '27 Maple Avenue', line2: 'Apt 2', city: 'Portland', state: 'OR', zip: '97205', rent: '1850' };
const NEW_TENANT = { firstName: 'Jamie', lastName: 'Rivera', email: 'jamie.rivera@example.com', phone: '5035550187', password: 'jamie-pays-rent-2026' };

const args = process.argv.slice(2);
const build = !args.includes('--no-build');
const framesArg = args.indexOf('--frames');
const framesDir = framesArg >= 0 ? resolve(args[framesArg + 1]) : mkdtempSync(join(tmpdir(), 'rentwise-video-frames-'));

const say = (message) => console.log(`[video] ${message}`);
const run = (command, commandArgs, options = {}) => execFileSync(command, commandArgs, { cwd: root, stdio: 'inherit', ...options });

const cleanups = [];
async function cleanUp() {
  while (cleanups.length) await cleanups.pop()().catch(() => undefined);
}

/** PostgreSQL and Redis as `npm test` gets them: the checkout's own stack unless the URLs are given. */
function services() {
  if (process.env.DATABASE_URL && process.env.REDIS_URL) return {};
  const wasRunning = (spawnSync('bash', ['scripts/stack.sh', 'status'], { cwd: root, encoding: 'utf8' }).stdout.match(/running/g) ?? []).length;
  const exports = execFileSync('bash', ['scripts/stack.sh', 'up'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  if (wasRunning < 2) cleanups.push(async () => run('bash', ['scripts/stack.sh', 'stop']));
  return Object.fromEntries([...exports.matchAll(/^export (\w+)='([^']*)'$/gm)].map(([, name, value]) => [name, value]));
}

function freePort() {
  return new Promise((done, fail) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
    server.on('error', fail);
  });
}

async function startProduct(env, clientDist) {
  const port = await freePort();
  const server = spawn(process.execPath, [resolve(root, 'scripts/e2e-server.js')], {
    cwd: root,
    env: { ...process.env, ...env, E2E_PORT: String(port), E2E_CLIENT_DIST: clientDist },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // e2e-server.js drops its throwaway database when it is stopped.
  cleanups.push(
    () =>
      new Promise((done) => {
        if (server.exitCode !== null) return done();
        server.once('exit', done);
        server.kill('SIGTERM');
      }),
  );
  const baseUrl = `http://localhost:${port}`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error('The product stopped while starting (its log is above).');
    const healthy = await fetch(`${baseUrl}/api/health`).then((response) => response.ok, () => false);
    if (healthy) return baseUrl;
    await new Promise((wait) => setTimeout(wait, 500));
  }
  throw new Error('The product did not answer /api/health within 2 minutes.');
}

/** Waits until `check` holds, trying again every half second. */
async function until(what, check, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const result = await check().catch(() => undefined);
    if (result) return result;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((wait) => setTimeout(wait, 500));
  }
}

/** The create-password link of the newest email to `address` in the development mailbox. */
async function invitationLink(baseUrl, address) {
  return until(`an invitation email to ${address}`, async () => {
    const { rows } = await (await fetch(`${baseUrl}/api/dev/mailbox/messages`)).json();
    const email = rows.find((row) => row.to.includes(address));
    const link = email?.text.match(/https?:\/\/\S+/g)?.find((url) => new URL(url).pathname === '/account/create-password');
    return link && `${new URL(link).pathname}${new URL(link).search}`;
  });
}

const main = (page) => page.getByRole('main');
const heading = (page) => page.getByRole('heading', { level: 1 });

/** What happens before each scene's screenshot; each ends on the screen the scene names. */
const scenes = {
  async 'landlord-dashboard'({ landlord }) {
    await landlord.goto('/sign-in');
    await landlord.getByLabel('Email').fill(DEMO_LANDLORD.email);
    await landlord.getByLabel('Password').fill(DEMO_LANDLORD.password);
    await landlord.getByRole('button', { name: 'Sign In' }).click();
    await landlord.waitForURL('**/landlord/dashboard');
    await landlord.getByRole('heading', { name: /at a glance/ }).waitFor();
  },
  async 'manage-properties'({ landlord }) {
    await main(landlord).getByRole('link', { name: /Manage Properties/ }).click();
    await landlord.waitForURL('**/landlord/properties?mode=address');
    await main(landlord).getByRole('link', { name: /1428 Elm Street/ }).first().waitFor();
  },
  async 'add-property'({ landlord }) {
    await main(landlord).getByRole('link', { name: 'Add a Property' }).click();
    await heading(landlord).filter({ hasText: 'Add a Property' }).waitFor();
    const field = (label) => main(landlord).getByLabel(label, { exact: true });
    await field('Address line 1').fill(NEW_HOME.line1);
    await field('Address line 2 (optional)').fill(NEW_HOME.line2);
    await field('City').fill(NEW_HOME.city);
    await field('State').fill(NEW_HOME.state);
    await field('ZIP code').fill(NEW_HOME.zip);
    await field('Monthly rent').pressSequentially(NEW_HOME.rent);
    await field('Monthly rent').blur();
    return { showFrom: main(landlord).locator('form') };
  },
  async 'property-added'({ landlord }) {
    await main(landlord).getByRole('button', { name: 'Add Property' }).click();
    await landlord.waitForURL('**/landlord/properties?mode=address');
    await main(landlord).getByRole('link', { name: new RegExp(NEW_HOME.line1) }).waitFor();
  },
  async 'property-tenants'({ landlord, state }) {
    await landlord.goto('/landlord/properties?mode=tenant');
    await main(landlord).getByRole('link', { name: new RegExp(NEW_HOME.line1) }).click();
    await landlord.getByRole('heading', { name: 'No tenants yet' }).waitFor();
    state.propertyId = new URL(landlord.url()).pathname.split('/')[3];
  },
  async 'add-tenant'({ landlord }) {
    await main(landlord).getByRole('link', { name: 'Add a Tenant' }).first().click();
    await heading(landlord).filter({ hasText: 'Add a Tenant' }).waitFor();
    const field = (label) => main(landlord).getByLabel(label, { exact: true });
    await field('First name').fill(NEW_TENANT.firstName);
    await field('Last name').fill(NEW_TENANT.lastName);
    await field('Email').fill(NEW_TENANT.email);
    await field('Confirm email').fill(NEW_TENANT.email);
    await field('Phone').pressSequentially(NEW_TENANT.phone);
    await field('Phone').blur();
    return { showFrom: main(landlord).locator('form') };
  },
  async 'tenant-added'({ landlord }) {
    await main(landlord).getByRole('button', { name: 'Add Tenant' }).click();
    await heading(landlord).filter({ hasText: 'Tenant Added' }).waitFor();
  },
  async 'create-password'({ tenant, baseUrl }) {
    await tenant.goto(await invitationLink(baseUrl, NEW_TENANT.email));
    await heading(tenant).filter({ hasText: 'Create Password' }).waitFor();
    await tenant.getByLabel('New password').fill(NEW_TENANT.password);
    await tenant.getByLabel('Confirm password').fill(NEW_TENANT.password);
  },
  async 'make-payment'({ tenant }) {
    await tenant.getByLabel('Confirm password').press('Enter');
    await heading(tenant).filter({ hasText: 'Thank you!' }).waitFor();
    await tenant.goto('/sign-in');
    await tenant.getByLabel('Email').fill(NEW_TENANT.email);
    await tenant.getByLabel('Password').fill(NEW_TENANT.password);
    await tenant.getByRole('button', { name: 'Sign In' }).click();
    await tenant.waitForURL('**/tenant/payment');
    await heading(tenant).filter({ hasText: 'Make a Payment' }).waitFor();
    await tenant.keyboard.type(NEW_HOME.rent);
    await main(tenant).getByTestId('entered-amount').filter({ hasText: '$1,850' }).waitFor();
  },
  async 'card-details'({ tenant }) {
    await main(tenant).getByRole('button', { name: 'Continue' }).click();
    await heading(tenant).filter({ hasText: 'Card details' }).waitFor();
    await main(tenant).getByLabel('Card number').fill('4242 4242 4242 4242');
    await main(tenant).getByLabel('Expiry (MM/YY)').fill('12/34');
    await main(tenant).getByLabel('CVC').fill('123');
  },
  async 'confirm-payment'({ tenant }) {
    await main(tenant).getByRole('button', { name: 'Review payment' }).click();
    await heading(tenant).filter({ hasText: 'Confirm payment' }).waitFor();
  },
  async paid({ tenant }) {
    await main(tenant).getByRole('button', { name: /^Pay \$/ }).click();
    await heading(tenant).filter({ hasText: 'Paid!' }).waitFor({ timeout: 30_000 });
    // The tenant closes the 'Payment succeeded!' toast (it stays until dismissed), so the poster is the screen itself.
    await tenant.locator('.toast-region').getByRole('button', { name: 'Dismiss' }).click();
    await tenant.locator('.toast-region').getByText('Payment succeeded!').waitFor({ state: 'detached' });
  },
  async 'monthly-overview'({ landlord, state }) {
    await landlord.goto('/landlord/payment-history');
    await main(landlord).getByRole('list', { name: 'Properties' }).getByRole('link', { name: new RegExp(NEW_HOME.line1) }).click();
    // The statements projector catches up within seconds of the payment (woken through the outbox).
    await until('the payment in the Monthly Overview', async () => {
      await landlord.reload();
      await main(landlord).getByRole('list', { name: 'Months' }).getByText('Full Amount Received').first().waitFor({ timeout: 2000 });
      return true;
    });
    state.overviewUrl = landlord.url();
  },
  async 'payments-received'({ landlord, state }) {
    await main(landlord).getByRole('list', { name: 'Months' }).getByText('Full Amount Received').first().click();
    await heading(landlord).filter({ hasText: 'Payments Received' }).waitFor();
    const [, , , , month, year] = new URL(landlord.url()).pathname.split('/');
    Object.assign(state, { month, year });
  },
  async 'payment-receipt'({ landlord }) {
    await main(landlord).getByRole('list', { name: 'Payments received' }).getByRole('link').first().click();
    await heading(landlord).filter({ hasText: 'Payment Receipt' }).waitFor();
  },
  async statements({ landlord, state }) {
    await landlord.goto(`/landlord/statements?year=${state.year}&month=${state.month}&propertyId=${state.propertyId}`);
    await main(landlord).getByRole('link', { name: 'Download PDF' }).waitFor();
  },
};

/** The scene's screen is the one its caption names: as its heading, the line above it, or its tab title. */
async function expectScreen(page, scene) {
  const shown = async () => {
    const titles = await page.locator('h1, .page-header__eyebrow').allInnerTexts();
    return titles.map((title) => title.trim()).includes(scene.screen) || (await page.title()).startsWith(`${scene.screen} · `);
  };
  await until(`the screen "${scene.screen}" for scene ${scene.id}`, shown, 10_000).catch(async (error) => {
    throw new Error(`${error.message}; the page shows "${await page.title()}" at ${page.url()}`);
  });
}

/**
 * A still frame as a person sees it: animations finished, no caret, the pointer off the page's
 * controls, and the top of the page, or `showFrom` (a long form) just below the page's header.
 */
async function screenshot(page, path, { showFrom } = {}) {
  await page.mouse.move(2, page.viewportSize().height / 2);
  await page.evaluate(() => window.scrollTo(0, 0));
  if (showFrom) {
    await showFrom.evaluate((element) => {
      const headerBottom = document.querySelector('.app-header')?.getBoundingClientRect().bottom ?? 0;
      window.scrollTo(0, element.getBoundingClientRect().top - headerBottom - 16);
    });
  }
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity),
  );
  await page.screenshot({ path, caret: 'hide', animations: 'disabled' });
}

/** The tenant's phone screen in the middle of the frame, on a dark backdrop. */
function onPhoneBackdrop(path) {
  const framed = path.replace(/\.png$/, '-framed.png');
  run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-i', path, '-vf', `pad=${WIDTH}:${HEIGHT}:(ow-iw)/2:(oh-ih)/2:color=${BACKDROP}`, framed]);
  return framed;
}

async function film(baseUrl) {
  const { chromium } = require('@playwright/test');
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_FLAGS });
  cleanups.push(() => browser.close());
  // In the demo landlord's statement time zone, so the dates on the screens agree with the months.
  const newPage = async (viewport) =>
    (await browser.newContext({ baseURL: baseUrl, viewport, reducedMotion: 'reduce', locale: 'en-US', timezoneId: 'America/New_York' })).newPage();
  // The landlord at a laptop, the tenant on a phone (tenants pay from phones).
  const context = { landlord: await newPage({ width: WIDTH, height: HEIGHT }), tenant: await newPage(PHONE), baseUrl, state: {} };
  const frames = [];
  for (const [index, scene] of walkthrough.scenes.entries()) {
    const act = scenes[scene.id];
    if (!act) throw new Error(`No steps for scene ${scene.id} in scripts/video/how-it-works.js`);
    const view = (await act(context)) ?? {};
    const onPhone = TENANT_SCENES.has(scene.id);
    const page = onPhone ? context.tenant : context.landlord;
    await expectScreen(page, scene);
    const path = join(framesDir, `${String(index + 1).padStart(2, '0')}-${scene.id}.png`);
    await screenshot(page, path, view);
    frames.push({ scene, path: onPhone ? onPhoneBackdrop(path) : path });
    say(`${scene.id}: ${scene.screen}`);
  }
  return frames;
}

const timestamp = (seconds) => {
  const ms = Math.round(seconds * 1000);
  const pad = (value, width = 2) => String(value).padStart(width, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
};

/** One cue per scene, back to back, in the scenes' order. */
function captions() {
  let start = 0;
  const cues = walkthrough.scenes.map((scene, index) => {
    const cue = `${index + 1}\n${timestamp(start)} --> ${timestamp(start + scene.seconds)}\n${scene.caption}`;
    start += scene.seconds;
    return cue;
  });
  return `WEBVTT - ${walkthrough.title}\n\n${cues.join('\n\n')}\n`;
}

function assemble(frames, workDir) {
  // The concat demuxer holds each still for its scene's seconds; the last file is named twice so
  // that its duration is kept.
  const list = frames.map(({ scene, path }) => `file '${path}'\nduration ${scene.seconds}`);
  list.push(`file '${frames[frames.length - 1].path}'`);
  const listFile = join(workDir, 'frames.txt');
  writeFileSync(listFile, `${list.join('\n')}\n`);
  const totalSeconds = walkthrough.scenes.reduce((sum, scene) => sum + scene.seconds, 0);
  const input = ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'concat', '-safe', '0', '-i', listFile];
  const video = ['-vf', `fps=${FPS},scale=${WIDTH}:${HEIGHT},format=yuv420p`, '-t', String(totalSeconds), '-an', '-g', String(FPS * 10)];
  const webm = join(workDir, 'how-it-works.webm');
  const mp4 = join(workDir, 'how-it-works.mp4');
  say('Encoding WebM (VP9)...');
  run('ffmpeg', [...input, ...video, '-c:v', 'libvpx-vp9', '-crf', '30', '-b:v', '0', '-deadline', 'good', '-cpu-used', '2', '-row-mt', '1', webm]);
  say('Encoding MP4 (H.264)...');
  run('ffmpeg', [...input, ...video, '-c:v', 'libx264', '-preset', 'slow', '-tune', 'stillimage', '-crf', '24', '-profile:v', 'high', '-movflags', '+faststart', mp4]);
  const poster = frames.find(({ scene }) => scene.poster) ?? frames[0];
  const posterFile = join(workDir, 'poster.jpg');
  run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-i', poster.path, '-q:v', '4', posterFile]);
  const vtt = join(workDir, 'how-it-works.vtt');
  writeFileSync(vtt, captions());
  return [webm, mp4, vtt, posterFile];
}

async function mainScript() {
  run('bash', ['scripts/ensure-packages.sh', `chromium=${process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'}`, 'ffmpeg=ffmpeg']);
  const env = services();
  let clientDist = process.env.E2E_CLIENT_DIST ?? resolve(root, 'client/dist');
  if (build) {
    say('Building libs, server and client...');
    run('npx', ['tsc', '-b', 'tsconfig.build.json']);
    // A private build, so that a rebuild of client/dist meanwhile cannot change the screens mid-film.
    clientDist = mkdtempSync(join(tmpdir(), 'rentwise-video-client-'));
    cleanups.push(async () => rmSync(clientDist, { recursive: true, force: true }));
    run('npx', ['vite', 'build', '--outDir', clientDist, '--emptyOutDir', '--logLevel', 'warn'], { cwd: resolve(root, 'client') });
  }
  say('Starting the product on a throwaway database with the demo data...');
  const baseUrl = await startProduct(env, clientDist);
  mkdirSync(framesDir, { recursive: true });
  const frames = await film(baseUrl);
  const workDir = mkdtempSync(join(tmpdir(), 'rentwise-video-'));
  cleanups.push(async () => rmSync(workDir, { recursive: true, force: true }));
  for (const file of assemble(frames, workDir)) {
    const target = resolve(outDir, file.split('/').pop());
    copyFileSync(file, target);
    say(`${target.slice(root.length + 1)}: ${(statSync(target).size / 1024).toFixed(0)} KB`);
  }
  say(`Frames kept in ${framesDir}`);
}

for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => cleanUp().finally(() => process.exit(130)));

mainScript()
  .then(cleanUp, async (error) => {
    console.error(`[video] ${error.stack ?? error}`);
    await cleanUp();
    process.exitCode = 1;
  });
