import { fileURLToPath } from 'node:url';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { CASEY, DESKTOP, expectNoSidewaysScroll, JORDAN, openAs, PHONE, snapBoth, snapView } from './helpers';
import { card, cleanUp, newDocument } from './sops-helpers';

// The document editor mounted in the page (issue 28, "Office files"), against the second portal
// scripts/e2e and scripts/test start (PORTAL_OFFICE_URL: the same database as PORTAL_URL, with
// ONLYOFFICE_URL set to the OnlyOffice Docs stand-in, server/src/bin/office-standin). Jordan
// Reyes (Command in the demo root agency) attaches a .docx to a new deputies' document and opens
// it: OnlyOffice's React component loads the stand-in's api.js, which puts its editor in the
// dialog in edit mode; Save makes the stand-in send the portal's save callback, which stores
// version 2. Casey Nguyen (a Deputy) opens it read-only. The document is removed at the end.
const RUN = Date.now().toString(36);
const TITLE = `E2E OnlyOffice ${RUN}`;
const PREFIX = /^E2E OnlyOffice /;
const FIXTURE = fileURLToPath(new URL('./fixtures/patrol-checklist.docx', import.meta.url));

/** `path` on the portal that uses the OnlyOffice stand-in; fails when the scripts did not start it. */
function office(path: string): string {
  const base = process.env.PORTAL_OFFICE_URL ?? '';
  if (base === '') {
    throw new Error(
      'PORTAL_OFFICE_URL is not set: run this spec through scripts/e2e or scripts/test, which start a second portal using the OnlyOffice stand-in',
    );
  }
  return new URL(path, base).toString();
}

/** The stand-in's editor in `dialog` (it replaces the component's placeholder, as OnlyOffice's iframe does). */
function standin(dialog: Locator): Locator {
  return dialog.getByRole('region', { name: 'OnlyOffice stand-in' });
}

/** The editor fills the dialog's width, and the dialog fills a phone's screen. */
async function expectEditorFills(page: Page, dialog: Locator): Promise<void> {
  const frame = await dialog.getByTestId('editor-frame').boundingBox();
  const box = await dialog.boundingBox();
  expect(frame).not.toBeNull();
  expect(box).not.toBeNull();
  if (frame === null || box === null) return;
  expect(frame.width).toBeGreaterThan(box.width - 64);
  expect(frame.height).toBeGreaterThanOrEqual(320);
  const viewport = page.viewportSize();
  if (viewport?.width === PHONE.width) expect(box.width).toBe(PHONE.width);
  else expect(box.width).toBeGreaterThan(1100);
}

/** Screenshots of the open dialog at both sizes, with the sideways-scroll check and the editor's size at each. */
async function snapDialog(page: Page, dialog: Locator, name: string): Promise<void> {
  await page.setViewportSize(DESKTOP);
  await expectNoSidewaysScroll(page);
  await expectEditorFills(page, dialog);
  await snapView(page, `${name}-desktop`);
  await page.setViewportSize(PHONE);
  await expectNoSidewaysScroll(page);
  await expectEditorFills(page, dialog);
  await snapView(page, `${name}-phone`);
  await page.setViewportSize(DESKTOP);
}

test.describe('SOPs: the OnlyOffice editor in the page', () => {
  test.afterAll(async ({ browser }) => {
    // The first portal shares the database: the documents made through the second are there.
    await cleanUp(browser, PREFIX);
  });

  test("Command edits a document's .docx in the editor and saves version 2; a deputy opens it read-only", async ({ browser }) => {
    test.setTimeout(120_000);

    // ——— Command: a deputies' document with an Office file ———
    const command = await openAs(browser, JORDAN, office('/command/sops'));
    await expect(command.getByRole('heading', { level: 1, name: 'SOP & presentation management' })).toBeVisible();
    await expect(command.getByTestId('integration-status')).toContainText('OnlyOffice integration: active (http://127.0.0.1:');
    await newDocument(command, TITLE, 'See the attached checklist.');
    const source = card(command, TITLE).getByTestId('document-source');
    const chooser = command.waitForEvent('filechooser');
    await source.getByRole('button', { name: 'Attach Office file' }).click();
    await (await chooser).setFiles(FIXTURE);
    await expect(command.getByText('patrol-checklist.docx saved as version 1.', { exact: true })).toBeVisible();
    await expect(source.getByTestId('document-source-summary')).toHaveText(/^Office file: patrol-checklist\.docx · [\d.]+ (B|KB) · version 1$/);
    // With the editor configured the file opens there instead of downloading.
    await expect(source.getByRole('link', { name: 'Download' })).toHaveCount(0);
    await command.mouse.move(0, 0);
    await expect(command.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 15_000 });

    // ——— Open in OnlyOffice: the editor in the dialog, for editing, as Jordan ———
    await card(command, TITLE).getByRole('button', { name: 'Open in OnlyOffice' }).click();
    const dialog = command.getByRole('dialog', { name: `Open in OnlyOffice: ${TITLE}` });
    const editor = standin(dialog);
    await expect(editor).toBeVisible();
    await expect(editor.getByTestId('office-standin-title')).toHaveText('patrol-checklist.docx');
    await expect(editor.getByTestId('office-standin-mode')).toHaveText('Editing');
    await expect(editor.getByTestId('office-standin-user')).toHaveText('Jordan Reyes');
    // The stand-in opened the document as OnlyOffice does: the signed configuration verified
    // with the shared secret, the file fetched from the portal's five-minute link.
    const status = editor.getByTestId('office-standin-status');
    await expect(status).toHaveText(/^Opened patrol-checklist\.docx \(\d+ bytes\) for editing\.$/);
    await expect(dialog.getByTestId('editor-loading')).toHaveCount(0);
    await expect(dialog).toContainText('the Office file is open for editing; each save becomes its next version.');
    // The spec's preview stays in the dialog: the signed configuration, folded under the editor.
    const folded = dialog.getByRole('button', { name: 'Editor configuration' });
    await expect(folded).toHaveAttribute('aria-expanded', 'false');
    await expect(dialog.getByTestId('editor-config')).toBeHidden();
    await folded.click();
    await expect(dialog.getByTestId('editor-config')).toBeVisible();
    await expect(dialog.getByTestId('editor-config')).toContainText('"mode": "edit"');
    await expect(dialog.getByTestId('editor-config')).toContainText('"callbackUrl": ');
    await folded.click();
    await expect(dialog.getByTestId('editor-config')).toBeHidden();
    await snapDialog(command, dialog, 'sops-onlyoffice-edit');

    // Save: the stand-in sends the signed save callback (status 2) and shows the portal's answer.
    await editor.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(status).toHaveText('Saved. The portal answered: {"error":0}');
    // That ended the session: its file link named version 1, which is no longer the current one.
    await editor.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(status).toHaveText('Not saved: The document could not be downloaded from the portal (HTTP 403).');
    await dialog.getByRole('button', { name: 'Close this dialog' }).click();
    await expect(dialog).toBeHidden();

    // The card reads the file list again: version 2, stored by Jordan through the editor.
    await expect(source.getByTestId('document-source-summary')).toHaveText(/^Office file: patrol-checklist\.docx · [\d.]+ (B|KB) · version 2$/);
    await expect(source.getByTestId('document-source-byline')).toContainText('Stored by Jordan Reyes on ');
    await card(command, TITLE).scrollIntoViewIfNeeded();
    await snapBoth(command, 'sops-onlyoffice-saved');
    await command.context().close();

    // ——— Deputy: the same file, read-only, from the SOPs page ———
    const deputy = await openAs(browser, CASEY, office('/sops'));
    await expect(deputy.getByRole('heading', { level: 1, name: 'SOPs' })).toBeVisible();
    const item = deputy.getByTestId('sop-item').filter({ hasText: TITLE });
    await item.getByRole('button', { name: new RegExp(TITLE) }).click();
    const line = item.getByTestId('sop-source');
    await expect(line).toContainText('Office file: patrol-checklist.docx');
    await expect(line).toContainText('version 2');
    await line.getByRole('button', { name: 'Open in OnlyOffice' }).click();
    const viewing = deputy.getByRole('dialog', { name: `Open in OnlyOffice: ${TITLE}` });
    const viewer = standin(viewing);
    await expect(viewer.getByTestId('office-standin-mode')).toHaveText('Viewing');
    await expect(viewer.getByTestId('office-standin-user')).toHaveText('Casey Nguyen');
    await expect(viewer.getByTestId('office-standin-status')).toHaveText(/^Opened patrol-checklist\.docx \(\d+ bytes\) for viewing\.$/);
    await expect(viewer.getByRole('button', { name: 'Save' })).toHaveCount(0);
    await expect(viewing).toContainText(': read-only.');
    await expect(viewing.getByTestId('editor-config')).toContainText('"mode": "view"');
    await expect(viewing.getByTestId('editor-config')).not.toContainText('callbackUrl');
    await snapDialog(deputy, viewing, 'sops-onlyoffice-view');
    await viewing.getByRole('button', { name: 'Close this dialog' }).click();
    await expect(viewing).toBeHidden();
    await deputy.context().close();
  });
});
