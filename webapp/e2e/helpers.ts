import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';

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
