import { expect, type Browser, type Locator, type Page } from '@playwright/test';
import { JORDAN, openAs } from './helpers';

/** The card of document `title` on the management screen. */
export function card(page: Page, title: string): Locator {
  return page.getByTestId('document-card').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
}

/**
 * Creates a document through the 'New document' dialog with `title` and one line of content,
 * leaving the other fields at their defaults (a deputies' SOP).
 */
export async function newDocument(page: Page, title: string, line: string): Promise<void> {
  await page.getByRole('button', { name: 'New document', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'New document' });
  await dialog.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  await dialog.getByRole('textbox', { name: 'Content', exact: true }).click();
  await page.keyboard.type(line);
  await dialog.getByRole('button', { name: 'Create document' }).click();
  await expect(dialog).toBeHidden();
  await expect(card(page, title)).toBeVisible();
}

/** Deletes, on the management screen, every document whose title `prefix` matches (any run). */
export async function removeTestDocuments(page: Page, prefix: RegExp): Promise<void> {
  for (;;) {
    const cards = page.getByTestId('document-card').filter({ has: page.getByRole('heading', { name: prefix }) });
    const count = await cards.count();
    if (count === 0) return;
    await cards.first().getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: /^Delete E2E / });
    await expect(confirm).toContainText('Remove this document?');
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByText('Document removed', { exact: true }).first()).toBeVisible();
    await expect(cards).toHaveCount(count - 1);
  }
}

/** Removes a spec's documents as Jordan Reyes (Command), after it ran (or failed). */
export async function cleanUp(browser: Browser, prefix: RegExp): Promise<void> {
  const page = await openAs(browser, JORDAN, '/command/sops');
  await expect(page.getByRole('heading', { level: 1, name: 'SOP & presentation management' })).toBeVisible();
  await expect(page.getByTestId('document-card').first()).toBeVisible();
  await removeTestDocuments(page, prefix);
  await page.context().close();
}
