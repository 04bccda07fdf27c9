import { expect, test, type Locator, type Page } from '@playwright/test';
import { ALEX, DESKTOP, expectNoSidewaysScroll, openAs, PHONE, snap, snapView } from './helpers';

// Issue 21, defect 7: /command/permissions was about 11,000 px tall on a phone. The cards are
// grouped by the menu's sections, which collapse (collapsed from the start on a phone), a
// select jumps to a section, and a group with unsaved changes says so on its header. The
// test changes nothing on the server (Refresh drops the edit).

/** The header button of a section's group: '{label} {N} items', then 'Unsaved changes' when it has some. */
function header(page: Page, label: string): Locator {
  return page.getByRole('button', { name: new RegExp(`^${label} \\d+ items?( Unsaved changes)?$`) });
}

async function pageHeight(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollHeight);
}

async function jumpTo(page: Page, label: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Jump to section' }).click();
  await page.getByRole('option', { name: label, exact: true }).click();
}

/** The fixed top bar does not cover `element`, and `element` is on the screen. */
async function expectClearOfTopBar(page: Page, element: Locator): Promise<void> {
  await expect(element).toBeInViewport();
  const bar = await page.locator('header').first().boundingBox();
  const box = await element.boundingBox();
  expect(bar !== null && box !== null && box.y >= bar.y + bar.height - 1).toBe(true);
}

test.describe('permissions by section (issue 21, defect 7)', () => {
  test('on a phone the sections start collapsed and the page is a few screens tall', async ({ browser }) => {
    test.setTimeout(60_000);
    const page = await openAs(browser, ALEX, '/command/permissions');
    try {
      await page.setViewportSize(PHONE);
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Permissions' })).toBeVisible();
      const sections = ['Main menu', 'Structure', 'Reports', 'FTO', 'Supervisor', 'Command'];
      for (const label of sections) await expect(header(page, label)).toHaveAttribute('aria-expanded', 'false');
      await expect(page.getByRole('region', { name: 'Roster', exact: true })).toBeHidden();
      const collapsed = await pageHeight(page);
      await expectNoSidewaysScroll(page);
      await snap(page, 'permissions-sections-phone-collapsed');

      // Every section open is how the page was before: many screens tall.
      await page.getByRole('button', { name: 'Expand all' }).click();
      for (const label of sections) await expect(header(page, label)).toHaveAttribute('aria-expanded', 'true');
      await expect(page.getByRole('region', { name: 'Permissions', exact: true })).toBeVisible();
      const expanded = await pageHeight(page);
      await snap(page, 'permissions-sections-phone-expanded');
      test.info().annotations.push({ type: 'page height at 390x844', description: `${String(expanded)} px open, ${String(collapsed)} px collapsed` });
      expect(expanded).toBeGreaterThan(8 * PHONE.height);
      expect(collapsed).toBeLessThan(3 * PHONE.height);
      await page.getByRole('button', { name: 'Collapse all' }).click();
      await expect(header(page, 'Command')).toHaveAttribute('aria-expanded', 'false');

      // The keyboard opens a section; an edit in it shows on its header once it is collapsed.
      await header(page, 'Structure').focus();
      await page.keyboard.press('Enter');
      await expect(header(page, 'Structure')).toHaveAttribute('aria-expanded', 'true');
      const vehicles = page.getByRole('region', { name: 'Vehicles', exact: true });
      await vehicles.getByText('Restricted', { exact: true }).click();
      await expect(header(page, 'Structure')).toContainText('Unsaved changes');
      await header(page, 'Structure').focus();
      await page.keyboard.press('Space');
      await expect(header(page, 'Structure')).toHaveAttribute('aria-expanded', 'false');
      await expect(vehicles).toBeHidden();
      await expect(page.getByRole('button', { name: 'Structure 4 items Unsaved changes' })).toBeVisible();
      await expect(header(page, 'Main menu')).not.toContainText('Unsaved changes');
      // The sticky bar keeps Save in reach.
      await expect(page.getByRole('button', { name: 'Save changes' })).toBeInViewport();
      await expectNoSidewaysScroll(page);
      await page.evaluate(() => { window.scrollTo(0, 0); });
      await snap(page, 'permissions-sections-phone-unsaved');

      // Jump to the last section: open, under the top bar, focused.
      await jumpTo(page, 'Command');
      await expect(header(page, 'Command')).toHaveAttribute('aria-expanded', 'true');
      await expectClearOfTopBar(page, header(page, 'Command'));
      await expect(header(page, 'Command')).toBeFocused();
      await expect(page.getByRole('region', { name: 'Branding', exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Save changes' })).toBeInViewport();
      await expectNoSidewaysScroll(page);
      await snapView(page, 'permissions-sections-phone-jump');

      // Refresh drops the edit, and the marker with it.
      await page.getByRole('button', { name: 'Refresh' }).click();
      await expect(page.getByRole('button', { name: 'Saved' })).toBeDisabled();
      await expect(header(page, 'Structure')).not.toContainText('Unsaved changes');
    } finally {
      await page.context().close();
    }
  });

  test('on a desktop the sections start open and the jump brings one into view', async ({ browser }) => {
    const page = await openAs(browser, ALEX, '/command/permissions');
    try {
      await page.setViewportSize(DESKTOP);
      await expect(page.getByRole('region', { name: 'Roster', exact: true })).toBeVisible();
      for (const label of ['Main menu', 'Structure', 'Command']) {
        await expect(header(page, label)).toHaveAttribute('aria-expanded', 'true');
      }
      await expectNoSidewaysScroll(page);
      await snapView(page, 'permissions-sections-desktop');

      await jumpTo(page, 'Supervisor');
      await expectClearOfTopBar(page, header(page, 'Supervisor'));
      await expect(header(page, 'Supervisor')).toBeFocused();
      await expect(page.getByRole('region', { name: 'UoF Review', exact: true })).toBeInViewport();
      await snapView(page, 'permissions-sections-desktop-jump');

      // Collapsing a section keeps the other cards where they are.
      await header(page, 'Main menu').click();
      await expect(page.getByRole('region', { name: 'Roster', exact: true })).toBeHidden();
      await expect(page.getByRole('region', { name: 'Vehicles', exact: true })).toBeVisible();
      await page.evaluate(() => { window.scrollTo(0, 0); });
      await snapView(page, 'permissions-sections-desktop-main-collapsed');
    } finally {
      await page.context().close();
    }
  });
});
