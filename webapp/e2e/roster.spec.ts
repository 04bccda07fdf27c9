import { expect, test, type Locator, type Page } from '@playwright/test';
import { ALEX, CASEY, DESKTOP, PHONE, expectNoSidewaysScroll, inAgency, signIn, snap, userMenu, wholeRoster } from './helpers';

/** Picks `option` in the Mantine select labelled `label` inside `scope`. */
async function choose(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(scope.getByRole('combobox', { name: label, exact: true })).toHaveValue(option);
}

test.describe('roster', () => {
  test('High Command adds a person, promotes them, and the log shows the change', async ({ page }) => {
    const name = `E2E Deputy ${Date.now().toString(36)}`;
    await page.goto('/roster');
    await signIn(page, ALEX);
    await expect(page.getByRole('heading', { level: 1, name: 'Roster' })).toBeVisible();
    await expect(page.getByTestId('roster-row').first()).toBeVisible();
    await snap(page, 'roster-high-command');

    // Add New Person: Patrol Division, Deputy, one of the callsigns offered for the rank.
    await page.getByRole('button', { name: '+ Add New' }).click();
    const add = page.getByRole('dialog', { name: 'Add New Person' });
    await expect(add).toBeVisible();
    await add.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await choose(page, add, 'Department', 'Patrol Division');
    await choose(page, add, 'Rank', 'Deputy');
    await add.getByRole('textbox', { name: 'Region' }).fill('Blaine County');
    const callsign = add.getByRole('combobox', { name: 'Callsign', exact: true });
    await expect(add.getByText(/^\d+ free for this rank$/)).toBeVisible();
    await callsign.click();
    const offered = page.getByRole('option').first();
    await expect(offered).toBeVisible();
    const picked = (await offered.textContent())?.trim() ?? '';
    expect(picked).toMatch(/^A-\d{3}$/);
    await offered.click();
    await expect(callsign).toHaveValue(picked);
    await snap(page, 'roster-add-person');
    await add.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByText('Added', { exact: true })).toBeVisible();
    await expect(page.getByText(`${name} (${picked}) added.`)).toBeVisible();
    await expect(add).toBeHidden();

    // Found with the search box.
    await page.getByRole('searchbox', { name: 'Search' }).fill(name);
    const row = page.getByTestId('roster-row').filter({ hasText: name });
    await expect(page.getByTestId('roster-row')).toHaveCount(1);
    await expect(row).toContainText('Deputy');
    await expect(row).toContainText(picked);
    await expect(row).toContainText('Patrol Division');

    // Edit Person: promoted to Sergeant.
    await row.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Person' });
    await expect(edit).toBeVisible();
    await expect(edit.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(name);
    await choose(page, edit, 'Rank', 'Sergeant');
    await edit.getByRole('combobox', { name: 'Action' }).fill('Promotion');
    await edit.getByRole('textbox', { name: 'Reason' }).fill('Test');
    await snap(page, 'roster-edit-person');
    await edit.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Updated', { exact: true })).toBeVisible();
    await expect(page.getByText(`${name} saved.`)).toBeVisible();
    await expect(edit).toBeHidden();
    await expect(row).toContainText('Sergeant');
    await snap(page, 'roster-after-promotion');

    // The rank change in the command logs, performed by Alex Mercer.
    await page.goto('/command/logs');
    await expect(page.getByRole('heading', { level: 1, name: 'Logs' })).toBeVisible();
    const entry = page.getByTestId('rank-log-entry').filter({ hasText: name }).first();
    await expect(entry).toBeVisible();
    await expect(entry.getByRole('row', { name: 'Rank Deputy Sergeant', exact: true })).toBeVisible();
    await expect(entry.getByText('Performed by Alex Mercer')).toBeVisible();
    await snap(page, 'logs-rank-change');

    // And the hire.
    await page.getByRole('combobox', { name: 'Log type' }).click();
    await page.getByRole('option', { name: 'Hires', exact: true }).click();
    const hire = page.getByTestId('hire-log-entry').filter({ hasText: name }).first();
    await expect(hire).toContainText(`Callsign ${picked}`);
    await expect(hire).toContainText('Department Patrol Division');
    await expect(hire).toContainText('by Alex Mercer');
    await snap(page, 'logs-hires');

    // And both in All changes (the audit log): the promotion field by field, by name.
    await page.getByRole('combobox', { name: 'Log type' }).click();
    await page.getByRole('option', { name: 'All changes', exact: true }).click();
    await page.getByRole('textbox', { name: 'Search' }).fill(name);
    // The server's answer to the search: the hire and the promotion, nothing else.
    const changes = page.getByTestId('audit-entry');
    await expect(changes).toHaveCount(2);
    await expect(changes.filter({ hasText: name })).toHaveCount(2);
    const promotion = changes.first();
    await expect(promotion.getByRole('row', { name: 'Rank Deputy Sergeant', exact: true })).toBeVisible();
    await expect(promotion.getByText('Updated by Alex Mercer')).toBeVisible();
    await expect(changes.nth(1).getByText('Created by Alex Mercer')).toBeVisible();
    await snap(page, 'logs-all-changes');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(promotion.getByRole('row', { name: 'Rank Deputy Sergeant', exact: true })).toBeVisible();
    const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    expect(widths[0]).toBeLessThanOrEqual(widths[1] ?? 0);
    await snap(page, 'logs-all-changes-phone');
  });

  test('a deputy sees the roster without Add New or Edit', async ({ page }) => {
    await page.goto('/roster');
    await signIn(page, CASEY);
    await expect(userMenu(page)).toHaveText('Casey Nguyen');
    await expect(page.getByRole('heading', { level: 1, name: 'Roster' })).toBeVisible();
    await expect(page.getByTestId('roster-row').first()).toBeVisible();
    await expect(page.getByRole('button', { name: '+ Add New' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Edit / })).toHaveCount(0);
    await expect(page.getByRole('columnheader', { name: 'Actions' })).toHaveCount(0);
    await snap(page, 'roster-deputy');
  });

  test('a roster longer than one page of the server is shown whole, on a desktop and a phone', async ({ page }) => {
    // LSPD, whose roster no other test counts. The server answers 50 people a page (issue 29).
    await page.goto('/roster?agency=lspd');
    await signIn(page, inAgency(ALEX, 'lspd'));
    await expect(page.getByRole('heading', { level: 1, name: 'Roster' })).toBeVisible();
    const api = page.request;
    const everyone = () => wholeRoster<{ name: string; rankId?: string | null }>(api, '/api/roster?agency=lspd');
    const before = await everyone();
    // At least a few every run, so the search below finds this run's people.
    const wanted = Math.max(5, 130 - before.length);
    // A rank of the roster with enough free callsigns for everyone added.
    let rank = '';
    let free: string[] = [];
    for (const id of new Set(before.map((p) => p.rankId ?? '').filter((id) => id !== ''))) {
      const answer = await api.get(`/api/roster/callsigns?agency=lspd&rank=${encodeURIComponent(id)}`);
      const { available } = (await answer.json()) as { available: string[] };
      if (available.length > free.length) [rank, free] = [id, available];
    }
    expect(free.length).toBeGreaterThanOrEqual(wanted);
    const batch = Date.now().toString(36);
    for (const [index, callsign] of free.slice(0, wanted).entries()) {
      const added = await api.post('/api/roster?agency=lspd', {
        data: { name: `Paged ${batch} ${String(index).padStart(3, '0')}`, callsign, rankId: rank },
      });
      expect(added.status()).toBe(201);
    }
    const total = (await everyone()).length;
    expect(total).toBeGreaterThan(100);

    const pages: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/roster') pages.push(url.searchParams.get('page') ?? '1');
    });
    await page.reload();
    await page.getByRole('group', { name: 'Rows per page' }).getByRole('button', { name: 'All', exact: true }).click();
    await expect(page.getByTestId('roster-count')).toHaveText(`Showing 1–${total} of ${total}`);
    await expect(page.getByTestId('roster-row')).toHaveCount(total);
    expect(pages).toContain('2');
    await page.getByRole('searchbox', { name: 'Search' }).fill(`Paged ${batch}`);
    await expect(page.getByTestId('roster-row')).toHaveCount(wanted);
    await snap(page, 'roster-many-pages-desktop');

    await page.setViewportSize(PHONE);
    await page.getByRole('searchbox', { name: 'Search' }).fill('');
    await expect(page.getByTestId('roster-count')).toHaveText(`Showing 1–${total} of ${total}`);
    await expect(page.getByTestId('roster-row')).toHaveCount(total);
    await expectNoSidewaysScroll(page);
    await snap(page, 'roster-many-pages-phone');
    await page.setViewportSize(DESKTOP);
  });
});
