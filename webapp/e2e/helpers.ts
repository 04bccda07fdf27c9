import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Locator, type Page } from '@playwright/test';

const SCREENSHOTS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');

/** Full-page screenshot to e2e/screenshots/<name>.png, with animations disabled. */
export async function snap(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true, animations: 'disabled' });
}

/** The portal's base URL with another host name (Chromium resolves *.localhost to loopback). */
export function urlWithHost(baseURL: string, hostname: string, pathname = '/'): string {
  const url = new URL(pathname, baseURL);
  url.hostname = hostname;
  return url.toString();
}

/** The top-bar title once the shell is up. */
export async function expectTitle(page: Page, text: string): Promise<void> {
  await expect(page.getByTestId('portal-title')).toHaveText(text);
}

/**
 * Computed background colour of the filled primary button ('Login (Discord)'), which Mantine
 * paints with the agency's primary colour.
 */
export async function primaryColor(page: Page): Promise<string> {
  const button = page.getByRole('link', { name: 'Login (Discord)' }).first();
  await expect(button).toBeVisible();
  return button.evaluate((element) => getComputedStyle(element).backgroundColor);
}

/** Value of the CSS variable Mantine sets for the primary colour. */
export async function primaryVariable(page: Page): Promise<string> {
  return page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--mantine-primary-color-filled').trim(),
  );
}

/** A member of the demo roster, as the Discord stand-in knows them. */
export interface DemoAccount {
  discordId: string;
  username: string;
  /** Roster name in the member's agency: the label of the user menu. */
  name: string;
  /**
   * Name of the member's agency when it is not the root agency: the demo picker lists every
   * agency's members under its name.
   */
  agency?: string;
}

// Seeded by `portal seed-demo` in the root agency; the stand-in is started with these accounts.
export const ALEX: DemoAccount = { discordId: '100000000000000001', username: 'alexmercer', name: 'Alex Mercer' };
export const JORDAN: DemoAccount = { discordId: '100000000000000002', username: 'jordanreyes', name: 'Jordan Reyes' };
export const SAM: DemoAccount = { discordId: '100000000000000003', username: 'samwhitaker', name: 'Sam Whitaker' };
export const CASEY: DemoAccount = { discordId: '100000000000000004', username: 'caseynguyen', name: 'Casey Nguyen' };

/** The 'Login (Discord)' button of the top bar (the burger drawer holds a hidden twin). */
export function loginButton(page: Page): Locator {
  return page.getByRole('link', { name: 'Login (Discord)' }).filter({ visible: true }).first();
}

/** The user menu of the top bar, labelled with the signed-in member's name. */
export function userMenu(page: Page): Locator {
  return page.getByTestId('user-menu');
}

/**
 * Signs in from the current page: 'Login (Discord)', then the account on the Discord
 * stand-in's consent page ('Authorize as {username}'), back to the same page signed in. When
 * the server runs with demo sign-in (PORTAL_DEMO=1) the demo picker stands in for Discord.
 */
export async function signIn(page: Page, account: DemoAccount): Promise<void> {
  await loginButton(page).click();
  await page.waitForURL((url) => url.pathname === '/oauth2/authorize' || url.pathname === '/auth/demo');
  if (new URL(page.url()).pathname === '/oauth2/authorize') {
    await expect(page).toHaveTitle('Discord stand-in');
    await page.getByRole('link', { name: `Authorize as ${account.username}`, exact: true }).click();
  } else {
    const picker =
      account.agency === undefined
        ? page
        : page.locator(`xpath=//h2[normalize-space()="${account.agency}"]/following-sibling::table[1]`);
    await picker.getByRole('button', { name: `Sign in as ${account.name}`, exact: true }).first().click();
  }
  await expect(userMenu(page)).toHaveText(account.name);
}
