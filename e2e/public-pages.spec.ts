import { test, expect, type Page } from '@playwright/test';
import { expectAccessible } from './support/accessibility';

const publicPages = [
  { path: '/', heading: 'Collect rent online, without giving up a cut.' },
  { path: '/how-it-works?showpage=yessir', heading: 'How rent moves with Rentwise' },
  { path: '/privacy-policy', heading: 'Privacy Policy' },
  { path: '/terms-of-use', heading: 'Terms of Use' },
  { path: '/sign-in', heading: 'Sign In' },
  { path: '/sign-up', heading: 'Landlord Sign Up' },
  { path: '/forgot-password', heading: 'Forgot Password' },
  { path: '/no-such-page', heading: 'Page not found' },
];

const pageHeading = (page: Page) => page.getByRole('heading', { level: 1 });

async function expectHomePage(page: Page) {
  await expect(page).toHaveURL(/\/$/);
  await expect(pageHeading(page)).toHaveText('Collect rent online, without giving up a cut.');
  await expect(page.getByRole('link', { name: 'Tenant Sign In' })).toHaveAttribute('href', '/sign-in');
  await expect(page.getByRole('link', { name: 'Landlord Sign In' })).toHaveAttribute('href', '/sign-in');
  await expect(page.getByRole('link', { name: 'Landlord Sign Up' }).first()).toHaveAttribute('href', '/sign-up');
  await expect(page.getByText('Tenants are added by their landlord.')).toBeVisible();
}

test.describe('public pages', () => {
  test('home offers sign in to tenants and landlords, and sign up to landlords', async ({ page }) => {
    await page.goto('/');
    await expectHomePage(page);
    for (const claim of ['Unlimited properties', 'Funds in about 3 days', 'We take no cut', 'A plain 3% processing fee']) {
      await expect(page.getByRole('heading', { name: claim })).toBeVisible();
    }
  });

  test('home clears local storage when it loads', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('rw_token', 'left-over-session'));

    await page.reload();
    await expect(pageHeading(page)).toBeVisible();

    expect(await page.evaluate(() => localStorage.length)).toBe(0);
  });

  test('Landlord Sign Up leads to the sign-up page', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Landlord Sign Up' }).first().click();

    await expect(page).toHaveURL(/\/sign-up$/);
    await expect(pageHeading(page)).toHaveText('Landlord Sign Up');
    await expect(page.getByText('Ask your landlord to add you')).toBeVisible();
    await expect(page.getByText('By clicking Continue, you agree to our Terms and Privacy Policy')).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'Terms', exact: true })).toHaveAttribute('href', '/terms-of-use');
    await expect(main.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');

    await main.getByRole('link', { name: 'Return to Homepage' }).click();
    await expectHomePage(page);
  });

  test('How it works is shown only with ?showpage=yessir', async ({ page }) => {
    await page.goto('/how-it-works');
    await expectHomePage(page);

    await page.goto('/how-it-works?showpage=yessir');
    await expect(page).toHaveURL(/\/how-it-works\?showpage=yessir$/);
    await expect(pageHeading(page)).toHaveText('How rent moves with Rentwise');

    const question = page.getByText('How quickly do I get paid?');
    const answer = page.getByText('Funds usually arrive in your payout account about 3 days');
    await expect(answer).toBeHidden();
    await question.click();
    await expect(answer).toBeVisible();
  });

  test('How it works plays the walkthrough video, captions on, with its transcript below', async ({ page }) => {
    await page.goto('/how-it-works?showpage=yessir');
    const section = page.getByRole('region', { name: 'See it in 77 seconds' });
    const video = section.locator('video');
    await expect(video).toHaveAttribute('controls', '');
    await expect(video).toHaveAttribute('preload', 'metadata');
    await expect(video).not.toHaveAttribute('autoplay');
    await expect(video.locator('source')).toHaveCount(2);

    // Served by the product and allowed by its content security policy: the browser reads the
    // video's length and the captions' cues, and shows the captions without being asked.
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState)).toBeGreaterThanOrEqual(1);
    const playing = await video.evaluate((element: HTMLVideoElement) => ({
      durationSeconds: element.duration,
      width: element.videoWidth,
      paused: element.paused,
    }));
    expect(playing).toMatchObject({ width: 1280, paused: true });
    expect(playing.durationSeconds).toBeGreaterThan(60);
    expect(playing.durationSeconds).toBeLessThan(90);
    const poster = await page.request.get((await video.getAttribute('poster'))!);
    expect(poster.headers()['content-type']).toBe('image/jpeg');
    expect(poster.headers()['cache-control']).toContain('immutable');
    const captions = () =>
      video.evaluate((element: HTMLVideoElement) => {
        const track = element.textTracks[0];
        return { mode: track.mode, cues: track.cues?.length ?? 0, first: (track.cues?.[0] as VTTCue | undefined)?.text };
      });
    await expect.poll(async () => (await captions()).cues).toBe(16);
    expect(await captions()).toMatchObject({ mode: 'showing', first: expect.stringContaining('Dashboard') });

    // The keyboard starts and stops it.
    await video.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => !element.paused && element.currentTime > 0)).toBe(true);
    await page.keyboard.press('Space');
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.paused)).toBe(true);

    const transcript = section.getByRole('list', { name: 'Transcript' }).getByRole('listitem');
    await expect(transcript).toHaveCount(16);
    await expect(transcript.first()).toContainText('A landlord signs in to the Dashboard');
    await expect(transcript.last()).toBeVisible();
  });

  test('the footer links lead to the legal pages, which open at the top', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');

    await footer.getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page).toHaveURL(/\/privacy-policy$/);
    await expect(pageHeading(page)).toHaveText('Privacy Policy');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(page.getByText('Effective October 11, 2019')).toBeVisible();

    await footer.getByRole('link', { name: 'Terms of Use' }).click();
    await expect(page).toHaveURL(/\/terms-of-use$/);
    await expect(pageHeading(page)).toHaveText('Terms of Use');
    await expect(page.getByText('Effective October 11, 2019')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Prohibited uses' })).toBeVisible();
  });

  test('an unknown path shows the not-found page with a way home', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(pageHeading(page)).toHaveText('Page not found');

    await page.getByRole('main').getByRole('link', { name: 'Go to homepage' }).click();
    await expectHomePage(page);
  });

  for (const { path, heading } of publicPages) {
    test(`${path} has no serious or critical accessibility violations`, async ({ page }) => {
      await page.goto(path);
      await expect(pageHeading(page)).toHaveText(heading);

      await expectAccessible(page);
    });
  }
});

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('home fits the screen and offers the same sign-in and sign-up buttons', async ({ page }) => {
    await page.goto('/');
    await expectHomePage(page);
    await expect(page.getByRole('link', { name: 'Landlord Sign Up' }).first()).toBeInViewport();

    const horizontalOverflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(horizontalOverflow).toBe(0);

    const signUp = await page.getByRole('link', { name: 'Landlord Sign Up' }).first().boundingBox();
    expect(signUp?.height).toBeGreaterThanOrEqual(44);
  });

  test('How it works fits a 320 px phone, the video included', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 568 });
    await page.goto('/how-it-works?showpage=yessir');
    const video = page.getByRole('region', { name: 'See it in 77 seconds' }).locator('video');
    await video.scrollIntoViewIfNeeded();

    const box = (await video.boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(320);
    expect(box.height).toBeCloseTo((box.width * 9) / 16, 0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
    await expect(page.getByRole('list', { name: 'Transcript' })).toBeVisible();
  });
});
