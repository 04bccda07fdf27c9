import { expect, test } from '@playwright/test';
import { CASEY, loginButton, signIn, snap, userMenu } from './helpers';

test.describe('sign-in', () => {
  test('a deputy signs in, opens the profile and signs out', async ({ page, baseURL }) => {
    // Every request stays with the portal: avatars too (issue 21), which it fetches from
    // Discord's image service (the stand-in here) and serves itself.
    const portal = new URL(baseURL ?? 'http://127.0.0.1:8080').origin;
    const elsewhere: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.protocol.startsWith('http') && url.origin !== portal && !url.pathname.startsWith('/oauth2/')) {
        elsewhere.push(request.url());
      }
    });
    await page.goto('/');
    await expect(loginButton(page)).toBeVisible();
    await signIn(page, CASEY);
    await expect(page).toHaveURL(/\/$/);
    await expect(userMenu(page)).toHaveText('Casey Nguyen');
    await snap(page, 'signed-in-deputy');

    await userMenu(page).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Casey Nguyen' })).toBeVisible();
    const details = page.getByTestId('profile-details');
    await expect(details.getByRole('row', { name: /^Rank/ })).toContainText('Deputy');
    await expect(details.getByRole('row', { name: /^Discord/ })).toContainText('caseynguyen');
    await expect(page.getByText('No notes yet.')).toBeVisible();
    // Casey's Discord avatar, through the portal.
    const avatar = page.getByRole('main').locator(`img[src^="/avatars/${CASEY.discordId}/"]`).first();
    await expect(avatar).toBeVisible();
    expect(await avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await snap(page, 'profile-deputy');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(avatar).toBeVisible();
    await snap(page, 'profile-deputy-phone');
    await page.setViewportSize({ width: 1366, height: 900 });
    expect(elsewhere).toEqual([]);

    // Logout is a form posting to /auth/logout; the server sends the browser home.
    await page.getByRole('main').getByRole('button', { name: 'Logout', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(loginButton(page)).toBeVisible();
    await expect(userMenu(page)).toHaveCount(0);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Not logged in' })).toBeVisible();
    await snap(page, 'profile-signed-out');
  });
});
