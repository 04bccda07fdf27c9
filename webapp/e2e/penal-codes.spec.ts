import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { ALEX, DEMO_AGENCIES, DESKTOP, expectNoSidewaysScroll, inAgency, PHONE, signIn, snap } from './helpers';

// LSPD's demo High Command member (seed-demo; scripts/test starts the Discord stand-in with
// LSPD's members as '<name>.lspd', ids 3000…). LSPD, not the root agency or BCSO, so that the
// report specs, which pick charges from their agency's catalogue, never see these edits; each
// test puts the entry it changed back as it was (also after a failure).
const LSPD_HIGH_COMMAND = inAgency(ALEX, 'lspd');
const PAGE = '/command/penal-codes?agency=lspd';


/** A default catalogue entry of every agency (server/src/features/penal_codes/default_catalogue.json). */
const SPEEDING = { id: 'vc-2', statute: 'VC 2', search: 'speeding (16', fineMin: 250, fineMax: 500 };

/** Signs in at desktop size (the top bar's login button), then takes `viewport`. */
async function openAs(browser: Browser, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await page.goto(PAGE);
  await signIn(page, LSPD_HIGH_COMMAND);
  await page.setViewportSize(viewport);
  await expect(page.getByTestId('portal-title')).toHaveText(`${DEMO_AGENCIES.lspd.name} Portal`);
  await expect(page.getByRole('heading', { level: 1, name: 'Penal codes' })).toBeVisible();
  await expect(page.getByTestId('penal-code-entry').first()).toBeVisible();
  return page;
}

/** Sets the entry's fine maximum back to `fineMax` through the API, from the page (same origin, the session's cookie). */
async function restoreFine(page: Page, id: string, fineMax: number): Promise<void> {
  const status = await page.evaluate(
    async ({ id, fineMax }) => {
      const read = await fetch('/api/penal-codes?agency=lspd', { credentials: 'same-origin' });
      const catalogue = (await read.json()) as { items: { id?: string; fineMax?: number }[]; version: number };
      const items = catalogue.items.map((item) => (item.id === id ? { ...item, fineMax } : item));
      const save = await fetch('/api/penal-codes?agency=lspd', {
        method: 'PUT',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json', 'X-Agency-Slug': 'lspd' },
        body: JSON.stringify({ items, version: catalogue.version }),
      });
      return save.status;
    },
    { id, fineMax },
  );
  expect(status).toBe(200);
}

/** The page title is shown whole: not cut off by its box nor by the screen. */
async function expectHeadingWhole(page: Page): Promise<void> {
  const heading = page.getByRole('heading', { level: 1, name: 'Penal codes' });
  await expect(heading).toBeVisible();
  const fits = await heading.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return element.scrollWidth <= element.clientWidth && box.left >= 0 && box.right <= window.innerWidth;
  });
  expect(fits).toBe(true);
}

async function search(page: Page, text: string): Promise<Locator> {
  await page.getByRole('textbox', { name: 'Search', exact: true }).fill(text);
  const entries = page.getByTestId('penal-code-entry');
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toContainText(SPEEDING.statute);
  return entries.first();
}

/** Searches, edits the entry's fine maximum, saves, reloads and finds the change kept. */
async function editFineAndSave(page: Page, fineMax: number, shot: string): Promise<void> {
  const fine = `$${SPEEDING.fineMin.toLocaleString('en-US')} – $${fineMax.toLocaleString('en-US')}`;
  const entry = await search(page, SPEEDING.search);
  await expect(entry).toContainText(`$${String(SPEEDING.fineMin)} – $${String(SPEEDING.fineMax)}`);
  await expect(page.getByRole('button', { name: 'Save changes' })).toBeDisabled();

  await entry.getByRole('button', { name: 'Edit', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Edit ${SPEEDING.statute}` });
  await expect(dialog).toBeVisible();
  await expectNoSidewaysScroll(page);
  await snap(page, `${shot}-edit`);
  const max = dialog.getByRole('textbox', { name: 'Fine maximum ($)' });
  await max.fill('');
  await max.fill(String(fineMax));
  await expect(dialog.getByTestId('penal-code-preview')).toContainText(fine);
  await dialog.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(entry).toContainText(fine);

  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Penal codes saved.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save changes' })).toBeDisabled();
  await expect(page.getByTestId('penal-codes-updated')).toContainText('by Alex Mercer');
  await snap(page, `${shot}-saved`);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Penal codes' })).toBeVisible();
  await expect(page.getByTestId('penal-code-entry').first()).toBeVisible();
  await expect(await search(page, SPEEDING.search)).toContainText(fine);
}

test.describe('penal codes', () => {
  test('High Command searches, edits a fine and saves it, at desktop size', async ({ browser }) => {
    test.setTimeout(90_000);
    const page = await openAs(browser, DESKTOP);
    try {
      await expect(page.getByRole('table', { name: 'Penal codes' })).toBeVisible();
      await expect(page.getByTestId('penal-codes-count')).toHaveText('146 penal codes');
      await expect(page.getByRole('link', { name: 'Export' })).toHaveAttribute('href', '/api/penal-codes/export?agency=lspd');
      await expectNoSidewaysScroll(page);
      await snap(page, 'penal-codes-desktop');
      await editFineAndSave(page, 650, 'penal-codes-desktop');
      await expectNoSidewaysScroll(page);
    } finally {
      await restoreFine(page, SPEEDING.id, SPEEDING.fineMax);
      await page.context().close();
    }
  });

  test('the same on a phone (390×844): cards, no sideways scroll, the title whole', async ({ browser }) => {
    test.setTimeout(90_000);
    const page = await openAs(browser, PHONE);
    try {
      await expectHeadingWhole(page);
      await expectNoSidewaysScroll(page);
      await expect(page.getByRole('table', { name: 'Penal codes' })).toHaveCount(0);
      await expect(page.getByRole('article').filter({ hasText: 'PC 101' }).first()).toBeVisible();
      await snap(page, 'penal-codes-phone');
      await editFineAndSave(page, 725, 'penal-codes-phone');
      await expectHeadingWhole(page);
      await expectNoSidewaysScroll(page);
    } finally {
      await restoreFine(page, SPEEDING.id, SPEEDING.fineMax);
      await page.context().close();
    }
  });
});
