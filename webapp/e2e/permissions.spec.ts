import { expect, test, type Locator, type Page } from '@playwright/test';
import { ALEX, CASEY, signIn, snap, userMenu } from './helpers';

/** Levels of the root agency, as the chips show them. */
const LEVELS = ['Deputy', 'Supervisor', 'Command', 'High Command', 'No level'];

/** The default Roster entry of every new agency (restored at the end). */
const ROSTER_DEFAULT = { public: false, levels: ['deputy'], roles: [] };

function permissionCard(page: Page, label: string): Locator {
  return page.getByRole('region', { name: label, exact: true });
}

/** Makes the card Restricted with exactly `wanted` levels (chip labels). */
async function restrictTo(card: Locator, wanted: string[]): Promise<void> {
  await card.getByText('Restricted', { exact: true }).click();
  await expect(card.getByRole('radio', { name: 'Restricted' })).toBeChecked();
  const chip = (label: string) => card.getByRole('checkbox', { name: label, exact: true });
  for (const label of wanted) {
    if (!(await chip(label).isChecked())) await card.getByText(label, { exact: true }).click();
  }
  for (const label of LEVELS.filter((level) => !wanted.includes(level))) {
    if (await chip(label).isChecked()) await card.getByText(label, { exact: true }).click();
  }
  for (const label of LEVELS) {
    if (wanted.includes(label)) await expect(chip(label)).toBeChecked();
    else await expect(chip(label)).not.toBeChecked();
  }
}

test.describe('navigation permissions', () => {
  test('High Command restricts the roster to Command and a deputy loses it', async ({ page, browser, baseURL }) => {
    await page.goto('/command/permissions');
    await signIn(page, ALEX);
    await expect(page).toHaveURL(/\/command\/permissions$/);
    try {
      const roster = permissionCard(page, 'Roster');
      await expect(roster).toBeVisible();
      await expect(page.getByRole('button', { name: 'Saved' })).toBeDisabled();

      await restrictTo(roster, ['Command']);
      await page.getByRole('button', { name: 'Save changes' }).click();
      await expect(page.getByText('Permissions saved.')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Saved' })).toBeDisabled();
      await expect(page.getByTestId('permissions-updated')).toContainText('by Alex Mercer');
      await snap(page, 'permissions-roster-command-only');

      // A deputy in another browser: no Roster in the menu, and the page is refused.
      const context = await browser.newContext({ baseURL, viewport: { width: 1366, height: 900 } });
      try {
        const deputy = await context.newPage();
        await deputy.goto('/');
        await signIn(deputy, CASEY);
        const nav = deputy.getByRole('navigation', { name: 'Main navigation' });
        await expect(nav.getByRole('link', { name: 'SOPs', exact: true })).toBeVisible();
        await expect(nav.getByRole('link', { name: 'Roster', exact: true })).toHaveCount(0);
        await snap(deputy, 'deputy-without-roster');
        await deputy.goto('/roster');
        await expect(userMenu(deputy)).toHaveText('Casey Nguyen');
        await expect(deputy.getByRole('heading', { name: 'Access denied' })).toBeVisible();
        await expect(deputy.getByText('You do not have permission to view this page.')).toBeVisible();
        await snap(deputy, 'deputy-roster-access-denied');
      } finally {
        await context.close();
      }

      // Back to the default: Restricted, level Deputy.
      await page.reload();
      await restrictTo(permissionCard(page, 'Roster'), ['Deputy']);
      await page.getByRole('button', { name: 'Save changes' }).click();
      await expect(page.getByText('Permissions saved.')).toBeVisible();
    } finally {
      // Whatever happened above, leave the default for the other tests (Alex's session).
      const response = await page.request.put('/api/nav-permissions', { data: { items: { roster: ROSTER_DEFAULT } } });
      expect(response.ok()).toBe(true);
    }
  });
});
