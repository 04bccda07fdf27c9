import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { CASEY, DESKTOP, expectNoSidewaysScroll, JORDAN, openAs, PHONE, snapBoth, snapView } from './helpers';
import { card, cleanUp, newDocument } from './sops-helpers';

// Documents' Office files (issue 28, "Office files"): Jordan Reyes (Command in the demo root
// agency) attaches a small real .docx to a deputies' document; Casey Nguyen (a Deputy) sees it
// on the SOPs page and downloads it (scripts/e2e runs without OnlyOffice, so the file
// downloads; with it configured, it opens in view mode). The document is removed at the end.
const RUN = Date.now().toString(36);
const TITLE = `E2E office file ${RUN}`;
const PREFIX = /^E2E office file /;
const FIXTURE = fileURLToPath(new URL('./fixtures/patrol-checklist.docx', import.meta.url));

test.describe('SOPs: Office files', () => {
  test.afterAll(async ({ browser }) => {
    await cleanUp(browser, PREFIX);
  });

  test('Command attaches a .docx to a document; a deputy sees it listed and downloads it', async ({ browser }) => {
    test.setTimeout(120_000);
    const fixture = await readFile(FIXTURE);

    // ——— Command: a deputies' document, then its Office file ———
    const command = await openAs(browser, JORDAN, '/command/sops');
    await expect(command.getByRole('heading', { level: 1, name: 'SOP & presentation management' })).toBeVisible();
    await expect(command.getByTestId('document-card').first()).toBeVisible();
    const active = (await command.getByTestId('integration-status').textContent())?.includes(': active') === true;
    await newDocument(command, TITLE, 'See the attached checklist.');
    const source = card(command, TITLE).getByTestId('document-source');
    await expect(source).toContainText('No Office file attached.');

    // Not an Office file: the server's sentence under the card.
    const chooser = command.waitForEvent('filechooser');
    await source.getByRole('button', { name: 'Attach Office file' }).click();
    await (await chooser).setFiles({ name: 'notes.docx', mimeType: 'application/octet-stream', buffer: Buffer.from('just text') });
    await expect(source.getByTestId('document-source-error')).toContainText(
      'Only Word documents (.docx) and PowerPoint presentations (.pptx) can be attached.',
    );
    await snapBoth(command, 'sops-office-refused');

    const second = command.waitForEvent('filechooser');
    await source.getByRole('button', { name: 'Attach Office file' }).click();
    await (await second).setFiles(FIXTURE);
    await expect(command.getByText('patrol-checklist.docx saved as version 1.', { exact: true })).toBeVisible();
    await expect(source.getByTestId('document-source-summary')).toHaveText(/^Office file: patrol-checklist\.docx · [\d.]+ (B|KB) · version 1$/);
    await expect(source.getByTestId('document-source-byline')).toContainText('Stored by Jordan Reyes on ');
    await expect(source.getByTestId('document-source-error')).toHaveCount(0);
    await expect(source.getByRole('button', { name: 'Replace Office file' })).toBeVisible();
    await card(command, TITLE).scrollIntoViewIfNeeded();
    await command.mouse.move(0, 0);
    await expect(command.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 15_000 });
    await card(command, TITLE).scrollIntoViewIfNeeded();
    await snapBoth(command, 'sops-office-management');

    // Removing asks first.
    await source.getByRole('button', { name: 'Remove Office file' }).click();
    const confirm = command.getByRole('dialog', { name: `Remove the Office file of ${TITLE}` });
    await expect(confirm).toContainText('Its versions stay in the history.');
    await command.setViewportSize(PHONE);
    await expectNoSidewaysScroll(command);
    await snapView(command, 'sops-office-remove-phone');
    await command.setViewportSize(DESKTOP);
    await confirm.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(confirm).toBeHidden();
    await expect(source.getByTestId('document-source-summary')).toBeVisible();
    await command.context().close();

    // ——— Deputy: the file on the SOPs page, downloaded ———
    const deputy = await openAs(browser, CASEY, '/sops');
    await expect(deputy.getByRole('heading', { level: 1, name: 'SOPs' })).toBeVisible();
    const item = deputy.getByTestId('sop-item').filter({ hasText: TITLE });
    await item.getByRole('button', { name: new RegExp(TITLE) }).click();
    const line = item.getByTestId('sop-source');
    await expect(line).toContainText('Office file: patrol-checklist.docx');
    if (active) {
      await line.getByRole('button', { name: 'Open in OnlyOffice' }).click();
      const preview = deputy.getByRole('dialog', { name: `Open in OnlyOffice: ${TITLE}` });
      await expect(preview.getByTestId('editor-config')).toContainText('"mode": "view"');
      await preview.getByRole('button', { name: 'Close this dialog' }).click();
    } else {
      const download = deputy.waitForEvent('download');
      await line.getByRole('link', { name: 'Download' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe('patrol-checklist.docx');
      const path = await file.path();
      expect(Buffer.compare(await readFile(path), fixture)).toBe(0);
    }
    await snapBoth(deputy, 'sops-office-deputy');
    await deputy.context().close();
  });
});
