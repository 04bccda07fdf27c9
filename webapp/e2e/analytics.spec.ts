import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { ALEX, CASEY, DESKTOP, expectNoSidewaysScroll, JORDAN, openAs, PHONE, snapView, type DemoAccount } from './helpers';

/**
 * Issue 25, Command → Analytics against the demo data: command (Jordan, root agency RawLife)
 * reads the four sections with their charts at 1366 and 390 wide, opens a section's table,
 * downloads its CSV and picks 90 days; the root agency's High Command (Alex) reaches every
 * agency's figures; a plain member (Casey) is kept out by the web and by the server. Read only.
 */

const SECTIONS = ['strength', 'reports', 'training', 'duty'] as const;

async function signedInAs(browser: Browser, account: DemoAccount, where: string): Promise<Page> {
  const page = await openAs(browser, account, where);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  return page;
}

/** Every section loaded: a chart, or the server's empty sentence. */
async function expectSections(page: Page): Promise<void> {
  for (const id of SECTIONS) {
    const section = page.getByTestId(`analytics-${id}`);
    await expect(section).toBeVisible();
    await expect(section.locator('.recharts-surface').or(section.getByTestId(`analytics-${id}-empty`)).first()).toBeVisible();
  }
}

test.describe('analytics', () => {
  test('command reads the four sections, a table, a CSV and 90 days (1366 and 390 wide)', async ({ browser }) => {
    test.setTimeout(120_000);
    const page = await signedInAs(browser, JORDAN, '/command/analytics');
    await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
    await expectSections(page);
    // The demo holds duty and reports of the last 30 days: their charts are drawn.
    await expect(page.getByTestId('analytics-duty').locator('.recharts-surface')).toBeVisible();
    await expect(page.getByTestId('analytics-reports').locator('.recharts-surface')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await snapView(page, 'analytics-desktop');

    // The table of Duty, scrolling inside its card.
    const duty = page.getByTestId('analytics-duty');
    await duty.getByRole('switch', { name: 'Show table of Duty' }).check({ force: true });
    const table = duty.getByRole('table', { name: 'Duty in numbers' });
    await expect(table).toBeVisible();
    await expect(table.getByRole('row')).not.toHaveCount(0);

    // Its CSV.
    const [download] = await Promise.all([page.waitForEvent('download'), duty.getByRole('button', { name: 'Download CSV of Duty' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^analytics-duty-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync(await download.path(), 'utf8');
    expect(csv.split('\r\n')[0]).toBe('Week,Monday,Hours,By department');
    expect(csv.split('\r\n').length).toBeGreaterThan(2);

    // 90 days: every section asks again.
    const asked = page.waitForResponse((response) => response.url().includes('/api/analytics/reports?') && response.status() === 200);
    await page.getByText('90 days', { exact: true }).click();
    const response = await asked;
    const url = new URL(response.url());
    const days = (Date.parse(url.searchParams.get('to') ?? '') - Date.parse(url.searchParams.get('from') ?? '')) / 86_400_000;
    expect(days).toBe(89);
    await expectSections(page);

    // A phone.
    await page.setViewportSize(PHONE);
    await expectSections(page);
    await expectNoSidewaysScroll(page);
    await page.evaluate(() => {
      window.scrollTo(0, 0);
    });
    await snapView(page, 'analytics-phone');
    await duty.scrollIntoViewIfNeeded();
    await expect(table).toBeVisible();
    await expectNoSidewaysScroll(page);
    await snapView(page, 'analytics-duty-table-phone');
    // Not root High Command: no overview link.
    await expect(page.getByRole('link', { name: 'Every agency at a glance' })).toHaveCount(0);
    await page.setViewportSize(DESKTOP);
    await page.context().close();
  });

  test('the root agency’s High Command reads every agency', async ({ browser }) => {
    const page = await signedInAs(browser, ALEX, '/command/analytics');
    await page.getByRole('link', { name: 'Every agency at a glance' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Every agency' })).toBeVisible();
    const lines = page.getByTestId('agency-line');
    await expect(lines.first()).toBeVisible();
    await expect(lines.filter({ hasText: 'RawLife' }).first()).toBeVisible();
    await expectNoSidewaysScroll(page);
    await snapView(page, 'analytics-agencies-desktop');
    await page.setViewportSize(PHONE);
    await expectNoSidewaysScroll(page);
    await snapView(page, 'analytics-agencies-phone');
    await page.context().close();
  });
});

test.describe('who may', () => {
  test('a plain member cannot open Analytics, and the server refuses them too', async ({ browser }) => {
    const page = await signedInAs(browser, CASEY, '/command/analytics');
    await expect(page.getByRole('heading', { level: 1, name: 'Access denied' })).toBeVisible();
    for (const path of ['/api/analytics/strength', '/api/analytics/reports', '/api/analytics/training', '/api/analytics/duty', '/api/analytics/agencies']) {
      expect((await page.request.get(path)).status(), path).toBe(403);
    }
    await page.setViewportSize(PHONE);
    await expectNoSidewaysScroll(page);
    await page.context().close();
  });
});
