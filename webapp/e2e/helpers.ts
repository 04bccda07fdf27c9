import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type APIRequestContext, type APIResponse, type Browser, type Locator, type Page } from '@playwright/test';

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

/** The demo agencies besides the root one: their names, and the first digit of their members' Discord ids. */
export const DEMO_AGENCIES = {
  bcso: { name: "Blaine County Sheriff's Office", idDigit: '2' },
  lspd: { name: 'Los Santos Police Department', idDigit: '3' },
} as const;

/**
 * `account`'s twin in another demo agency (seed-demo puts the same four people in each, and
 * scripts/test starts the Discord stand-in with them as '<name>.<slug>', ids 2000… and 3000…).
 */
export function inAgency(account: DemoAccount, slug: keyof typeof DEMO_AGENCIES): DemoAccount {
  const agency = DEMO_AGENCIES[slug];
  return {
    discordId: `${agency.idDigit}${account.discordId.slice(1)}`,
    username: `${account.username}.${slug}`,
    name: account.name,
    agency: agency.name,
  };
}

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

/** The two sizes every screen is checked at: a desktop and a phone. */
export const DESKTOP = { width: 1366, height: 900 };
export const PHONE = { width: 390, height: 844 };

/** What the window shows (a dialog over the page), to e2e/screenshots/<name>.png. */
export async function snapView(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), animations: 'disabled' });
}

/**
 * No page-level sideways scroll, once the layout has settled: right after a viewport change the
 * top bar's media-query hooks (the duty clock moves under the bar below 576 px) take a render to
 * follow, so the width is read until it fits (or the expect timeout says it never does).
 */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  await expect
    .poll(async () =>
      page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      { message: 'the page scrolls sideways (scrollWidth - innerWidth, in px)' },
    )
    .toBeLessThanOrEqual(0);
}

/** Fails when two boxes overlap (the top bar's title and its buttons, a card's text and its buttons). */
export async function expectApart(a: Locator, b: Locator): Promise<void> {
  const [x, y] = [await a.boundingBox(), await b.boundingBox()];
  expect(x).not.toBeNull();
  expect(y).not.toBeNull();
  if (x === null || y === null) return;
  const overlap = x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
  expect(overlap, `${JSON.stringify(x)} overlaps ${JSON.stringify(y)}`).toBe(false);
}

/** Full-page screenshots at desktop size and on a phone, with the sideways-scroll check at both. */
export async function snapBoth(page: Page, name: string): Promise<void> {
  await page.setViewportSize(DESKTOP);
  await expectNoSidewaysScroll(page);
  await snap(page, `${name}-desktop`);
  await page.setViewportSize(PHONE);
  await expectNoSidewaysScroll(page);
  await snap(page, `${name}-phone`);
  await page.setViewportSize(DESKTOP);
}

/** A new browser context of its own (own cookies) at desktop size, signed in as `account`, on `where`. */
export async function openAs(browser: Browser, account: DemoAccount, where: string): Promise<Page> {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await page.goto(where);
  await signIn(page, account);
  return page;
}

/**
 * Drags `from` onto `to` with the mouse: first `nudge` pixels straight (past the 5 px
 * activation distance; up or down as the list needs), then in small steps onto the target.
 */
export async function drag(page: Page, from: Locator, to: Locator, nudge = 10): Promise<void> {
  // Mouse coordinates are viewport coordinates: bring both handles into view first.
  await from.evaluate((element) => {
    element.scrollIntoView({ block: 'center' });
  });
  const start = await from.boundingBox();
  const end = await to.boundingBox();
  if (start === null || end === null) throw new Error('drag handles are not visible');
  const x = start.x + start.width / 2;
  const y = start.y + start.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x, y + nudge, { steps: 5 });
  await page.mouse.move(end.x + end.width / 2, end.y + end.height / 2 - 4, { steps: 20 });
  await page.mouse.up();
}

/**
 * Everyone on a roster, read through `request` (a page's or a context's, with its session) along
 * the `rel="next"` links: the server answers 50 people a page (issue 29).
 */
export async function wholeRoster<T>(request: APIRequestContext, path = '/api/roster'): Promise<T[]> {
  const people: T[] = [];
  for (let next: string | null = path; next !== null; ) {
    const response: APIResponse = await request.get(next);
    expect(response.status(), `GET ${next}`).toBe(200);
    people.push(...((await response.json()) as T[]));
    next = /<([^>]*)>; rel="next"/.exec(response.headers().link ?? '')?.[1] ?? null;
  }
  return people;
}
