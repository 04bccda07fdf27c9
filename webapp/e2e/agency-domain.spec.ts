import { expect, test } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './chromium';
import { inAgency, JORDAN, signIn, snap, urlWithHost, userMenu } from './helpers';

/**
 * Issue 12: members on their agency's own domain. The demo agencies have the domains
 * bcso.localhost and lspd.localhost; PUBLIC_URL is the 127.0.0.1 address the server listens
 * on, where the Discord stand-in sends everyone back. Chromium maps both names to this
 * machine (--host-resolver-rules, as a DNS entry would).
 */
test.use({
  launchOptions: {
    ...CHROMIUM_LAUNCH,
    args: [...CHROMIUM_LAUNCH.args, '--host-resolver-rules=MAP bcso.localhost 127.0.0.1, MAP lspd.localhost 127.0.0.1'],
  },
});

const BCSO_COMMAND = inAgency(JORDAN, 'bcso');

for (const { label, viewport } of [
  { label: 'desktop', viewport: { width: 1366, height: 900 } },
  { label: 'phone', viewport: { width: 390, height: 844 } },
]) {
  test.describe(`on an agency domain (${label})`, () => {
    test.use({ viewport });

    test('a member signs in on bcso.localhost, lands back on the page, and stays signed in on LSPD', async ({
      page,
      baseURL,
    }) => {
      const base = baseURL ?? 'http://127.0.0.1:8080';
      const bcso = new URL(urlWithHost(base, 'bcso.localhost', '/roster'));
      await page.goto(bcso.toString());
      await expect(page.getByTestId('portal-title')).toHaveText("Blaine County Sheriff's Office Portal");
      if (label === 'phone') await page.getByRole('button', { name: 'Toggle navigation' }).click();

      // Login → the public address → the stand-in → the callback → handed back to bcso.
      await signIn(page, BCSO_COMMAND);
      expect(new URL(page.url()).host).toBe(bcso.host);
      expect(new URL(page.url()).pathname).toBe('/roster');
      await expect(page.getByRole('heading', { level: 1, name: 'Roster' })).toBeVisible();
      await expect(page.getByTestId('roster-row').first()).toBeVisible();
      await snap(page, `agency-domain-bcso-signed-in-${label}`);

      // Switching to LSPD opens it on its own domain, same path, still signed in; the item
      // says where it goes before it is picked (issue 21).
      if (label === 'phone') await page.getByRole('button', { name: 'Toggle navigation' }).click();
      await page.getByRole('button', { name: 'Switch agency' }).filter({ visible: true }).first().click();
      const lspdItem = page.getByRole('menuitem', { name: /^LSPD/ });
      await expect(lspdItem).toHaveText(`LSPDOpens lspd.localhost:${bcso.port}`);
      await expect(page.getByRole('menuitem', { name: /^RawLife/ })).toHaveText("RawLifeOpens the portal's main address");
      await snap(page, `agency-domain-switcher-${label}`);
      await lspdItem.click();
      await page.waitForURL((url) => url.hostname === 'lspd.localhost' && url.pathname === '/roster');
      await expect(page.getByTestId('portal-title')).toHaveText('Los Santos Police Department Portal');
      // Signed in (not on LSPD's roster, so the menu names the Discord account).
      await expect(userMenu(page)).toHaveText(BCSO_COMMAND.username);
      // What LSPD's roster grants: nothing (Jordan is not on it), so no roster.
      await expect(page.getByRole('heading', { level: 1, name: 'Access denied' })).toBeVisible();
      await expect(page.getByTestId('roster-row')).toHaveCount(0);
      const scrolls = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(scrolls).toBe(false);
      await snap(page, `agency-domain-lspd-switched-${label}`);

      // Back on the public address, the portal shows the agency the member went to (LSPD),
      // not the one they had before: the public address remembered it on the way.
      await page.goto(`${base}/`);
      await expect(page.getByTestId('portal-title')).toHaveText(
        'Los Santos Police Department Portal',
      );

      // A used hand-off link gives nothing: its page says so.
      const visits: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/auth/handoff') visits.push(request.url());
      });
      await page.goto(urlWithHost(base, 'bcso.localhost', '/auth/handoff?token=not-a-real-token'));
      await expect(page.getByRole('heading', { name: 'Sign-in link not valid' })).toBeVisible();
      expect(visits).toHaveLength(1);
    });
  });
}
