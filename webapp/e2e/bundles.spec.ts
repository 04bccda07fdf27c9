import { statSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { ALEX, DEMO_AGENCIES, DESKTOP, expectNoSidewaysScroll, inAgency, openAs, PHONE, snapView } from './helpers';

/**
 * Issue 27, agency bundles on the Agencies screen: the root agency's High Command (Alex)
 * exports BCSO (the file arrives, named …agency.tar.gz), backs it up now and sees the backup
 * listed, sets its schedule, then imports the exported file under a new slug and finds the new
 * agency in the list. At 1366 and 390 wide, with screenshots of each dialog.
 */

const BCSO = DEMO_AGENCIES.bcso.name;
const NEW_SLUG = `bcso-copy-${String(Date.now() % 100_000)}`;

function agencyCard(page: Page, name: string): Locator {
  return page.getByRole('region', { name, exact: true }).first();
}

/** Waits for the notifications to close themselves, so that the screenshots show what is beneath them. */
async function dismissNotifications(page: Page): Promise<void> {
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 15_000 });
}

async function atPhone(page: Page, name: string): Promise<void> {
  await dismissNotifications(page);
  await page.setViewportSize(PHONE);
  await expectNoSidewaysScroll(page);
  await snapView(page, name);
  await page.setViewportSize(DESKTOP);
}

/**
 * Opens the backups of BCSO from `holder` (its agency card, or Branding's Data and backups),
 * backs it up now and waits for the new backup at the top of the list.
 */
async function backUpNow(page: Page, holder: Locator): Promise<{ backups: Locator; rows: Locator }> {
  await holder.getByRole('button', { name: `Backups of ${BCSO}` }).click();
  const backups = page.getByRole('dialog', { name: `Backups of ${BCSO}` });
  await expect(backups.getByRole('button', { name: 'Back up now' })).toBeEnabled();
  const rows = backups.getByTestId('backup-row');
  const before = await rows.count();
  await backups.getByRole('button', { name: 'Back up now' }).click();
  await expect(page.getByText('Backup made')).toBeVisible({ timeout: 30_000 });
  await expect(rows).toHaveCount(before + 1);
  return { backups, rows };
}

test.describe('agency bundles', () => {
  test('root High Command exports an agency, backs it up, and imports it under a new slug (1366 and 390 wide)', async ({ browser }) => {
    test.setTimeout(180_000);
    const page = await openAs(browser, ALEX, '/command/agencies');
    await expect(page.getByRole('heading', { level: 1, name: 'Agencies' })).toBeVisible();
    const bcso = agencyCard(page, BCSO);
    await expect(bcso.getByRole('button', { name: `Export ${BCSO}` })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await bcso.scrollIntoViewIfNeeded();
    await snapView(page, 'bundles-agencies-desktop');
    await page.setViewportSize(PHONE);
    await expectNoSidewaysScroll(page);
    await bcso.scrollIntoViewIfNeeded();
    await snapView(page, 'bundles-agencies-phone');
    await page.setViewportSize(DESKTOP);

    // Export, without a passphrase: the file arrives.
    await bcso.getByRole('button', { name: `Export ${BCSO}` }).click();
    const exportDialog = page.getByRole('dialog', { name: `Export ${BCSO}` });
    await expect(exportDialog).toBeVisible();
    // A short passphrase is refused before anything is sent.
    await exportDialog.getByLabel('Passphrase (optional)').fill('short');
    await exportDialog.getByRole('button', { name: 'Download export' }).click();
    await expect(exportDialog.getByText('The passphrase must be at least 12 characters.')).toBeVisible();
    await snapView(page, 'bundles-export-desktop');
    await atPhone(page, 'bundles-export-phone');
    await exportDialog.getByLabel('Passphrase (optional)').fill('');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      exportDialog.getByRole('button', { name: 'Download export' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^bcso-\d{4}-\d{2}-\d{2}\.agency\.tar\.gz$/);
    const exported = await download.path();
    expect(statSync(exported).size).toBeGreaterThan(100);
    await expect(exportDialog).toHaveCount(0);
    await expect(page.getByText('Export downloaded')).toBeVisible();

    // Backups: back up now, the new one is listed first.
    const { backups, rows } = await backUpNow(page, bcso);
    await expect(rows.first()).toContainText('members');
    // It downloads.
    const [backupFile] = await Promise.all([page.waitForEvent('download'), rows.first().getByRole('button', { name: /^Download the backup of/ }).click()]);
    expect(backupFile.suggestedFilename()).toMatch(/^bcso-.*\.agency\.tar\.gz$/);

    // The schedule: every 12 hours, keep 5; an out-of-range keep is refused under its field first.
    const keep = backups.getByRole('textbox', { name: 'Keep the last' });
    await keep.fill('101');
    await backups.getByRole('button', { name: 'Save schedule' }).click();
    await expect(backups.getByText('Keep from 1 to 100 backups.')).toBeVisible();
    await keep.fill('5');
    await backups.getByRole('textbox', { name: 'Every (hours)' }).fill('12');
    await dismissNotifications(page);
    await snapView(page, 'bundles-backups-desktop');
    await backups.getByRole('button', { name: 'Save schedule' }).click();
    await expect(page.getByText('Backup schedule saved')).toBeVisible();
    await expect(backups.getByTestId('backup-default')).toHaveCount(0);
    await expect(backups.getByTestId('backup-next')).toContainText('Next backup due');
    await atPhone(page, 'bundles-backups-phone');
    await backups.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(backups).toHaveCount(0);

    // Import the exported file under a new slug.
    await page.getByRole('button', { name: 'Import agency' }).click();
    const importDialog = page.getByRole('dialog', { name: 'Import agency' });
    await importDialog.locator('input[type="file"]').setInputFiles(exported);
    await importDialog.getByRole('textbox', { name: 'New slug (optional)' }).fill(NEW_SLUG);
    await dismissNotifications(page);
    await snapView(page, 'bundles-import-desktop');
    await atPhone(page, 'bundles-import-phone');
    await importDialog.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(page.getByText(`imported as ${NEW_SLUG}.`)).toBeVisible({ timeout: 60_000 });
    await expect(importDialog).toHaveCount(0);
    const copy = page.getByRole('region', { name: BCSO, exact: true }).filter({ hasText: NEW_SLUG });
    await expect(copy).toHaveCount(1);
    await expect(copy.getByRole('button', { name: `Export ${BCSO}` })).toBeVisible();
    await copy.scrollIntoViewIfNeeded();
    await snapView(page, 'bundles-imported-desktop');

    // The same slug again: refused, the sentence under the slug field, which has the focus.
    await page.getByRole('button', { name: 'Import agency' }).click();
    await importDialog.locator('input[type="file"]').setInputFiles(exported);
    const slug = importDialog.getByRole('textbox', { name: 'New slug (optional)' });
    await slug.fill(NEW_SLUG);
    await importDialog.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(importDialog.getByText(`An agency with the slug '${NEW_SLUG}' already exists.`)).toBeVisible({ timeout: 60_000 });
    await expect(slug).toBeFocused();
    await page.context().close();
  });

  test("an agency's own High Command exports and backs up their agency from Branding (1366 and 390 wide)", async ({ browser }) => {
    test.setTimeout(120_000);
    const page = await openAs(browser, inAgency(ALEX, 'bcso'), '/command/branding?agency=bcso');
    const data = page.getByRole('region', { name: 'Data and backups' });
    await expect(data.getByRole('button', { name: `Export ${BCSO}` })).toBeVisible();
    await expect(data.getByRole('button')).toHaveCount(2);
    await data.scrollIntoViewIfNeeded();
    await expectNoSidewaysScroll(page);
    await snapView(page, 'bundles-branding-desktop');
    await page.setViewportSize(PHONE);
    await expectNoSidewaysScroll(page);
    await data.scrollIntoViewIfNeeded();
    await snapView(page, 'bundles-branding-phone');

    // Backups of their own agency, on the phone.
    const { backups } = await backUpNow(page, data);
    await dismissNotifications(page);
    await expectNoSidewaysScroll(page);
    await snapView(page, 'bundles-branding-backups-phone');
    await backups.getByRole('button', { name: 'Close', exact: true }).click();
    await page.setViewportSize(DESKTOP);

    // Their export.
    await data.getByRole('button', { name: `Export ${BCSO}` }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('dialog', { name: `Export ${BCSO}` }).getByRole('button', { name: 'Download export' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.agency\.tar\.gz$/);
    // Another agency's, or an import: refused by the server.
    expect((await page.request.get('/api/agencies/lspd/backups?agency=bcso')).status()).toBe(403);
    await page.context().close();
  });
});
