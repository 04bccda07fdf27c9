import { expect, test, type Page } from '@playwright/test';
import { inAgency, JORDAN, loginButton, signIn, snap, userMenu } from './helpers';

// BCSO's demo members (seed-demo; scripts/test starts the Discord stand-in with them as
// '<name>.bcso', ids 2000…): Alex Mercer is High Command, Jordan Reyes Command, Sam Whitaker
// Supervisor and Casey Nguyen Deputy, all in Headquarters, whose ranks are named after the
// levels. BCSO has the default levels, so Command may assign Deputy and Supervisor only.
const BCSO = "Blaine County Sheriff's Office";
const BCSO_COMMAND = inAgency(JORDAN, 'bcso');

/** Opens BCSO's roster (the address names the agency, which the portal then remembers). */
async function openBcsoRoster(page: Page): Promise<void> {
  await page.goto('/roster?agency=bcso');
  await expect(page.getByTestId('portal-title')).toHaveText(`${BCSO} Portal`);
}

/** Command sees only ranks and people below their level. */
async function checkRosterAsCommand(page: Page, shot: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Roster' })).toBeVisible();
  await expect(page.getByTestId('roster-row').first()).toBeVisible();
  const search = page.getByRole('searchbox', { name: 'Search' });

  // A deputy can be edited (the Actions column is there)…
  await search.fill('Casey Nguyen');
  await expect(page.getByTestId('roster-row')).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Edit Casey Nguyen', exact: true })).toBeVisible();

  // …High Command cannot, and neither can the viewer themself.
  await search.fill('Alex Mercer');
  const alex = page.getByTestId('roster-row').filter({ hasText: 'Alex Mercer' });
  await expect(page.getByTestId('roster-row')).toHaveCount(1);
  await expect(alex).toContainText('High Command');
  await expect(alex.getByRole('button')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Edit Alex Mercer', exact: true })).toHaveCount(0);
  await snap(page, `${shot}-high-command-not-editable`);
  await search.fill('Jordan Reyes');
  await expect(page.getByTestId('roster-row')).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Edit Jordan Reyes', exact: true })).toHaveCount(0);
  await search.fill('');

  // Add New Person: ranks at Deputy and Supervisor level only.
  await page.getByRole('button', { name: '+ Add New' }).click();
  const add = page.getByRole('dialog', { name: 'Add New Person' });
  await expect(add).toBeVisible();
  await add.getByRole('combobox', { name: 'Rank', exact: true }).click();
  const option = (name: string) => page.getByRole('option', { name, exact: true });
  await expect(option('Corporal')).toBeVisible();
  await expect(option('Supervisor')).toBeVisible();
  await expect(option('Deputy').first()).toBeVisible();
  await expect(option('High Command')).toHaveCount(0);
  await expect(option('Command')).toHaveCount(0);
  await expect(option('Lieutenant')).toHaveCount(0);
  await expect(option('Captain')).toHaveCount(0);
  await snap(page, `${shot}-add-person-ranks`);
  await page.keyboard.press('Escape');
  await add.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(add).toBeHidden();
}

test.describe('rank access', () => {
  test('BCSO Command gets no High Command rank or person, and signs out with a POST', async ({ page }) => {
    await openBcsoRoster(page);
    await signIn(page, BCSO_COMMAND);
    await expect(page).toHaveURL(/\/roster$/);
    await checkRosterAsCommand(page, 'rank-access');

    // Logout in the user menu posts to /auth/logout; the server sends the browser home.
    await userMenu(page).click();
    const logout = page.getByRole('menuitem', { name: 'Logout', exact: true });
    await expect(logout).toBeVisible();
    const posted = page.waitForRequest(
      (request) => new URL(request.url()).pathname === '/auth/logout' && request.method() === 'POST',
    );
    await logout.click();
    await posted;
    await expect(page).toHaveURL(/\/$/);
    await expect(loginButton(page)).toBeVisible();
    await expect(userMenu(page)).toHaveCount(0);
    await snap(page, 'rank-access-signed-out');
  });
});

test.describe('rank access on small screens', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('BCSO Command on a phone: the same limits, and Logout in the drawer', async ({ page }) => {
    await openBcsoRoster(page);
    // The sign-in lives in the burger drawer on small screens.
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await signIn(page, BCSO_COMMAND);
    await expect(page).toHaveURL(/\/roster$/);
    await checkRosterAsCommand(page, 'rank-access-mobile');

    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    const logout = page.getByRole('button', { name: 'Logout', exact: true }).filter({ visible: true });
    await expect(logout).toHaveCount(1);
    await snap(page, 'rank-access-mobile-drawer');
    const posted = page.waitForRequest(
      (request) => new URL(request.url()).pathname === '/auth/logout' && request.method() === 'POST',
    );
    await logout.click();
    await posted;
    await expect(page).toHaveURL(/\/$/);
    await expect(userMenu(page)).toHaveCount(0);
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await expect(loginButton(page)).toBeVisible();
    await snap(page, 'rank-access-mobile-signed-out');
  });
});
