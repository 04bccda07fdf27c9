import { expect, test } from '@playwright/test';
import { CASEY, expectTitle, primaryColor, primaryVariable, signIn, snap, urlWithHost } from './helpers';

// Demo agencies seeded by the server (scripts/test): rawlife (gold, default), bcso (green),
// lspd (blue, domain lspd.localhost).
const GOLD = 'rgb(244, 194, 14)';
const BLUE = 'rgb(28, 126, 214)';

test.describe('agency shell', () => {
  test('switching agency changes the name and the primary colour, and survives a reload', async ({ page, baseURL }) => {
    await page.goto('/');
    await expectTitle(page, 'RawLife Community Portal');
    expect(await primaryColor(page)).toBe(GOLD);
    await snap(page, 'shell-rawlife');

    await page.getByRole('button', { name: 'Switch agency' }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem', { name: 'RawLife' })).toHaveAttribute('aria-current', 'true');
    await snap(page, 'agency-switcher-open');
    await menu.getByRole('menuitem', { name: 'LSPD' }).click();

    // LSPD has its own domain: the switch opens it there (issue 12).
    await page.waitForURL((url) => url.hostname === 'lspd.localhost');
    await expectTitle(page, 'Los Santos Police Department Portal');
    expect(await primaryColor(page)).toBe(BLUE);
    expect((await primaryVariable(page)).toLowerCase()).toBe('#1c7ed6');
    await snap(page, 'shell-lspd');

    await page.reload();
    await expectTitle(page, 'Los Santos Police Department Portal');
    expect(await primaryColor(page)).toBe(BLUE);
    await snap(page, 'shell-lspd-after-reload');

    // Back to RawLife (no domain of its own): the public address, which remembers it.
    await page.getByRole('button', { name: 'Switch agency' }).click();
    await page.getByRole('menu').getByRole('menuitem', { name: 'RawLife' }).click();
    await page.waitForURL((url) => url.host === new URL(baseURL ?? 'http://127.0.0.1:8080').host);
    await expectTitle(page, 'RawLife Community Portal');
    expect(await page.evaluate(() => window.localStorage.getItem('activeAgencySlug'))).toBe('rawlife');
    expect(await page.evaluate(() => document.cookie)).toContain('agencySlug=rawlife');
  });

  test('a deep link to /about renders the About page', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { name: 'What lives here' })).toBeVisible();
    for (const tile of ['Roster Control', 'Structure Library', 'Training & Oversight', 'Policy Hub']) {
      await expect(page.getByText(tile, { exact: true })).toBeVisible();
    }
    await expect(page.getByRole('heading', { name: 'Technology & Hosting' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Roadmap' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Need help?' })).toBeVisible();
    await expect(page.getByText(/^Last updated/)).toBeVisible();
    // The contacts' avatars come from the portal (issue 21): the stand-in image service does
    // not know them, so the portal hands out its default images; nothing goes to Discord.
    const avatars = page.locator('img[src^="/avatars/"]');
    await expect(avatars).toHaveCount(2);
    for (const avatar of await avatars.all()) {
      await expect(avatar).toBeVisible();
      expect(await avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    }
    await snap(page, 'about');
  });

  test("an unknown path shows 'Page not found'", async ({ page }) => {
    await page.goto('/this/page/does-not-exist');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByTestId('portal-title')).toBeVisible();
    await snap(page, 'not-found');
  });

  test('lspd.localhost with empty storage defaults to the LSPD agency', async ({ page, baseURL }) => {
    await page.goto(urlWithHost(baseURL ?? 'http://127.0.0.1:8080', 'lspd.localhost'));
    expect(await page.evaluate(() => window.localStorage.getItem('activeAgencySlug'))).toBeNull();
    await expectTitle(page, 'Los Santos Police Department Portal');
    expect(await primaryColor(page)).toBe(BLUE);
    await snap(page, 'lspd-domain-default');
  });
});

test.describe('small screens', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the burger opens the navigation', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('portal-title')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeHidden();
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    const nav = page.getByRole('navigation', { name: 'Mobile navigation' });
    // Signed out: only public pages; the roster needs a rank.
    await expect(nav.getByText('Home', { exact: true })).toBeVisible();
    await expect(nav.getByText('Roster', { exact: true })).toHaveCount(0);

    // The drawer offers the sign-in too.
    await signIn(page, CASEY);
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await expect(page.getByText('Casey Nguyen', { exact: true }).filter({ visible: true })).toHaveCount(1);
    await expect(nav.getByText('Roster', { exact: true })).toBeVisible();
    await nav.getByText('Structure', { exact: true }).click();
    await expect(nav.getByText('Vehicles', { exact: true })).toBeVisible();
    await snap(page, 'mobile-navigation');
    await nav.getByText('Vehicles', { exact: true }).click();
    await expect(page).toHaveURL(/\/structure\/vehicles$/);
    await expect(page.getByRole('heading', { name: 'Vehicles' })).toBeVisible();
  });
});
