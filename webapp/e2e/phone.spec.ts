import { expect, test, type Page } from '@playwright/test';
import { expectApart, signIn, snap, type DemoAccount } from './helpers';

/**
 * Issue 11: what a member meets on a phone (390×844), for the shell, the roster, department
 * management and the permissions. BCSO's High Command (seed-demo) signs in through the
 * Discord stand-in; every screen is checked for sideways scrolling and overlapping controls.
 */
const BCSO_HC: DemoAccount = {
  discordId: '200000000000000001',
  username: 'alexmercer.bcso',
  name: 'Alex Mercer',
  agency: "Blaine County Sheriff's Office",
};

test.use({ viewport: { width: 390, height: 844 } });

async function noSidewaysScroll(page: Page): Promise<void> {
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(wide).toBeLessThanOrEqual(0);
}

async function signedInOnBcso(page: Page, path: string): Promise<void> {
  await page.goto(`${path}${path.includes('?') ? '&' : '?'}agency=bcso`);
  await page.getByRole('button', { name: 'Toggle navigation' }).click();
  await signIn(page, BCSO_HC);
  await expect(page.getByTestId('portal-title')).toHaveText("Blaine County Sheriff's Office Portal");
}

test.describe('on a phone', () => {
  test('the top bar: short name, switcher and the user menu in the drawer, nothing cut', async ({ page }) => {
    await signedInOnBcso(page, '/');
    const title = page.getByTestId('portal-title');
    // The short name shows: the element is not cut (nothing overflows its box).
    await expect(title).toHaveAttribute('data-short', 'BCSO Portal');
    const cut = await title.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
    expect(cut).toBe(false);
    const switcher = page.getByRole('button', { name: 'Switch agency' });
    await expect(switcher).toHaveText('BCSO');
    await expectApart(title, switcher);
    await switcher.click();
    await expect(page.getByRole('menuitem', { name: 'RawLife' })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    const drawer = page.getByRole('navigation', { name: 'Mobile navigation' });
    await expect(drawer.getByText('Roster', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Profile' }).filter({ visible: true })).toBeVisible();
    await noSidewaysScroll(page);
    await snap(page, 'phone-shell-drawer');
  });

  test("the root agency's top bar shows its whole short title beside the switcher", async ({ page }) => {
    await page.goto('/');
    const title = page.getByTestId('portal-title');
    await expect(title).toHaveAttribute('data-short', /Portal$/);
    const cut = await title.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
    expect(cut).toBe(false);
    await expectApart(title, page.getByRole('button', { name: 'Switch agency' }));
    await noSidewaysScroll(page);
    await snap(page, 'phone-shell-root');
  });

  test('the roster: one card per person, filters in a drawer', async ({ page }) => {
    await signedInOnBcso(page, '/roster');
    const rows = page.getByTestId('roster-row');
    await expect(rows.first()).toBeVisible();
    await expect(page.getByRole('table', { name: 'Roster' })).toHaveCount(0);
    await noSidewaysScroll(page);
    await snap(page, 'phone-roster');

    // The search stays on the page; the other filters are in the drawer.
    await page.getByRole('button', { name: 'Filters' }).click();
    const drawer = page.getByRole('dialog', { name: 'Filters' });
    await drawer.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Suspended' }).click();
    await drawer.getByRole('button', { name: /^Show \d+ people$/ }).click();
    await expect(page.getByRole('button', { name: 'Filters (1)' })).toBeVisible();
    const count = await rows.count();
    expect(count).toBeGreaterThan(0);
    for (let i = 0; i < count; i += 1) await expect(rows.nth(i)).toContainText('Suspended');
    // Edit sits beside the name, not over it.
    const first = rows.first();
    await expectApart(first.getByRole('button', { name: /^Edit / }), first.locator('p').first());
    await snap(page, 'phone-roster-filtered');
  });

  test('department management: a rank row stacks its parts instead of overlapping them', async ({ page }) => {
    await signedInOnBcso(page, '/command/department');
    const row = page.getByTestId('rank-row').filter({ hasText: 'Corporal' }).first();
    await expect(row).toBeVisible();
    const name = row.getByTestId('rank-name');
    const callsigns = row.getByTestId('rank-callsigns');
    const edit = row.getByRole('button', { name: /^Edit rank / });
    const pools = row.getByRole('button', { name: /^Edit pools of / });
    await expectApart(name, edit);
    await expectApart(callsigns, edit);
    await expectApart(callsigns, pools);
    // The level badge keeps its text (it used to shrink to an empty dot).
    const badge = row.locator('.mantine-Badge-root').first();
    expect((await badge.boundingBox())?.width ?? 0).toBeGreaterThan(30);
    // The callsign text stays on one line.
    const height = (await callsigns.boundingBox())?.height ?? 0;
    expect(height).toBeLessThan(24);
    await noSidewaysScroll(page);
    await snap(page, 'phone-department');
  });

  test('permissions: Save stays in reach, and the chosen segment is readable', async ({ page }) => {
    await signedInOnBcso(page, '/command/permissions');
    await expect(page.getByRole('heading', { level: 1, name: 'Permissions' })).toBeVisible();
    const save = page.getByRole('button', { name: /^(Saved|Save changes)$/ });
    await page.mouse.wheel(0, 2000);
    await page.evaluate(() => { window.scrollTo(0, document.body.scrollHeight / 2); });
    await expect(save).toBeInViewport();
    // Change one card (its section starts collapsed on a phone): Save is enabled and still in reach.
    await page.getByRole('button', { name: /^Structure \d+ items/ }).click();
    const card = page.getByRole('region', { name: 'Vehicles' });
    await card.scrollIntoViewIfNeeded();
    await card.getByText('Restricted', { exact: true }).click();
    await expect(page.getByRole('button', { name: 'Save changes' })).toBeInViewport();
    // The selected segment's label contrasts with its indicator.
    const [label, indicator] = await card.evaluate((el) => {
      const active = el.querySelector<HTMLElement>('.mantine-SegmentedControl-label[data-active]');
      const ind = el.querySelector<HTMLElement>('.mantine-SegmentedControl-indicator');
      return [active ? getComputedStyle(active).color : '', ind ? getComputedStyle(ind).backgroundColor : ''];
    });
    expect(label).not.toBe('');
    expect(indicator).not.toBe('');
    expect(label).not.toBe(indicator);
    await noSidewaysScroll(page);
    await snap(page, 'phone-permissions');
    // Leaving with the change asks first.
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await page.getByRole('navigation', { name: 'Mobile navigation' }).getByText('Home', { exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Unsaved changes' })).toBeVisible();
    await page.getByRole('button', { name: 'Stay' }).click();
  });

  test('notifications rise from the bottom, clear of the top bar', async ({ page }) => {
    await signedInOnBcso(page, '/command/department');
    const row = page.getByTestId('rank-row').filter({ hasText: 'Corporal' }).first();
    await row.getByRole('button', { name: /^Edit pools of / }).click();
    const dialog = page.getByRole('dialog', { name: 'Callsign Pools' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    const toast = page.getByText('Callsign pools saved');
    await expect(toast).toBeVisible();
    const box = await toast.boundingBox();
    expect(box?.y ?? 0).toBeGreaterThan(844 / 2);
    await expectApart(toast, page.getByRole('button', { name: 'Switch agency' }));
  });
});
