import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { CASEY, DESKTOP, expectNoSidewaysScroll, JORDAN, openAs, PHONE, snapBoth, snapView } from './helpers';

// The root agency's demo members (seed-demo): Jordan Reyes is Command and Casey Nguyen a
// Deputy. Every run names its documents uniquely and removes them at the end (and again after
// a failure).
const RUN = Date.now().toString(36);
const COMMAND_DOC = `E2E command briefing ${RUN}`;
const DEPUTY_DOC = `E2E traffic stops ${RUN}`;
const E2E_PREFIX = /^E2E (command briefing|traffic stops) /;
const DEPUTY_CONTENT = '1. Pick a safe spot.\n2. Call in the plate.\n\n<b>Stay</b> at the B-pillar.';

/** Waits until the success notifications have closed by themselves (they would cover the header). */
async function notificationsGone(page: Page): Promise<void> {
  // A notification under the pointer stays open (it rises where the dialog's Save was).
  await page.mouse.move(0, 0);
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 15_000 });
}

function card(page: Page, title: string): Locator {
  return page.getByTestId('document-card').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
}

/** Picks `option` in the Mantine select labelled `label` of `dialog`. */
async function choose(page: Page, dialog: Locator, label: string, option: string): Promise<void> {
  await dialog.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(dialog.getByRole('combobox', { name: label })).toHaveValue(option);
}

/** Creates a document through the 'New document' dialog. */
async function createDocument(
  page: Page,
  { title, summary, content, type, level }: { title: string; summary: string; content: string; type: string; level: string },
): Promise<void> {
  await page.getByRole('button', { name: 'New document', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'New document' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  await dialog.getByRole('textbox', { name: 'Short summary', exact: true }).fill(summary);
  await dialog.getByRole('textbox', { name: 'Content', exact: true }).fill(content);
  await choose(page, dialog, 'Document type', type);
  await choose(page, dialog, 'Minimum rank', level);
  await dialog.getByRole('button', { name: 'Create document' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Document created', { exact: true }).first()).toBeVisible();
  await expect(card(page, title)).toBeVisible();
}

/** Deletes, on the management screen, every document this spec creates (any run). */
async function removeTestDocuments(page: Page): Promise<void> {
  for (;;) {
    const cards = page.getByTestId('document-card').filter({ has: page.getByRole('heading', { name: E2E_PREFIX }) });
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

async function cleanUp(browser: Browser): Promise<void> {
  const page = await openAs(browser, JORDAN, '/command/sops');
  await expect(page.getByRole('heading', { level: 1, name: 'SOP & presentation management' })).toBeVisible();
  await expect(page.getByTestId('document-card').first()).toBeVisible();
  await removeTestDocuments(page);
  await page.context().close();
}

test.describe('SOPs and presentations', () => {
  test.afterAll(async ({ browser }) => {
    await cleanUp(browser);
  });

  test('Command publishes a Command and a Deputy document; a deputy reads only the Deputy one', async ({ browser }) => {
    test.setTimeout(120_000);

    // ——— Command: the management screen ———
    const command = await openAs(browser, JORDAN, '/command/sops');
    await expect(command.getByRole('heading', { level: 1, name: 'SOP & presentation management' })).toBeVisible();
    await expect(command.getByTestId('document-card').first()).toBeVisible();
    await expect(command.getByTestId('integration-status')).toHaveText(/^OnlyOffice integration: (inactive|active)/);
    await expect(command.getByRole('button', { name: 'Refresh', exact: true })).toBeVisible();
    // The demo's High Command document is above Jordan's level: not even listed.
    await expect(card(command, 'Internal investigations')).toHaveCount(0);

    // Validation.
    await command.getByRole('button', { name: 'New document', exact: true }).click();
    const dialog = command.getByRole('dialog', { name: 'New document' });
    await dialog.getByRole('button', { name: 'Create document' }).click();
    await expect(dialog.getByText('Title is required', { exact: true })).toBeVisible();
    await expect(dialog.getByText('Content is required', { exact: true })).toBeVisible();
    // A Command member publishes for Command and below.
    await dialog.getByRole('combobox', { name: 'Minimum rank' }).click();
    await expect(command.getByRole('option')).toHaveText(['Deputy', 'Supervisor', 'Command']);
    await command.keyboard.press('Escape');
    await command.setViewportSize(PHONE);
    await expectNoSidewaysScroll(command);
    await snapView(command, 'sops-editor-phone');
    await command.setViewportSize(DESKTOP);
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(dialog).toBeHidden();

    await createDocument(command, {
      title: COMMAND_DOC,
      summary: 'Command staff only: the quarter ahead.',
      content: 'Budget.\nPromotions.\nRecruitment drive.',
      type: 'Presentation',
      level: 'Command',
    });
    await createDocument(command, {
      title: DEPUTY_DOC,
      summary: 'How every traffic stop goes.',
      content: DEPUTY_CONTENT,
      type: 'SOP',
      level: 'Deputy',
    });
    await expect(card(command, COMMAND_DOC).getByTestId('document-min-level')).toHaveText('Minimum rank: Command');
    await expect(card(command, DEPUTY_DOC).getByTestId('document-min-level')).toHaveText('Minimum rank: Deputy');
    await expect(card(command, DEPUTY_DOC).getByTestId('document-updated')).toContainText('Last updated: ');
    await expect(command.getByTestId('document-group-presentation').getByRole('heading', { name: COMMAND_DOC })).toBeVisible();
    await expect(command.getByTestId('document-group-sop').getByRole('heading', { name: DEPUTY_DOC })).toBeVisible();
    await notificationsGone(command);
    await snapBoth(command, 'sops-management');

    // 'Open in OnlyOffice': without the editor configured (as in scripts/test), the server's
    // message naming the two settings; with it (ONLYOFFICE_URL and ONLYOFFICE_JWT_SECRET set on
    // the server), the signed editor configuration.
    const active = (await command.getByTestId('integration-status').textContent())?.includes(': active') === true;
    await card(command, DEPUTY_DOC).getByRole('button', { name: 'Open in OnlyOffice' }).click();
    const preview = command.getByRole('dialog', { name: `Open in OnlyOffice: ${DEPUTY_DOC}` });
    if (active) {
      await expect(preview.getByTestId('editor-config')).toContainText('"mode": "view"');
      await expect(preview.getByTestId('editor-config')).toContainText(`"title": "${DEPUTY_DOC}.txt"`);
    } else {
      await expect(preview.getByTestId('editor-unavailable')).toContainText('ONLYOFFICE_URL');
      await expect(preview.getByTestId('editor-unavailable')).toContainText('ONLYOFFICE_JWT_SECRET');
    }
    await snapView(command, 'sops-open-in-editor-desktop');
    await command.setViewportSize(PHONE);
    await expectNoSidewaysScroll(command);
    await snapView(command, 'sops-open-in-editor-phone');
    await command.setViewportSize(DESKTOP);
    await preview.getByRole('button', { name: 'Close this dialog' }).click();
    await expect(preview).toBeHidden();

    // Edit: the summary changes.
    await card(command, DEPUTY_DOC).getByRole('button', { name: 'Edit', exact: true }).click();
    const edit = command.getByRole('dialog', { name: `Edit ${DEPUTY_DOC}` });
    await expect(edit.getByRole('textbox', { name: 'Content', exact: true })).toHaveValue(DEPUTY_CONTENT);
    await edit.getByRole('textbox', { name: 'Short summary', exact: true }).fill('How every traffic stop goes, step by step.');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(edit).toBeHidden();
    await expect(command.getByText('Document updated', { exact: true }).first()).toBeVisible();
    await expect(card(command, DEPUTY_DOC)).toContainText('How every traffic stop goes, step by step.');

    // Message management: the placeholder.
    await command.goto('/command/messages');
    await expect(command.getByRole('heading', { level: 1, name: 'Message management' })).toBeVisible();
    await expect(command.getByText('Custom message templates will be managed here.')).toBeVisible();
    await snapBoth(command, 'message-management');
    await command.context().close();

    // ——— Deputy: /sops lists only the Deputy document ———
    const deputy = await openAs(browser, CASEY, '/sops');
    await expect(deputy.getByRole('heading', { level: 1, name: 'SOPs' })).toBeVisible();
    await expect(deputy.getByTestId('sop-group-sop')).toBeVisible();
    await expect(deputy.getByTestId('sop-title').filter({ hasText: DEPUTY_DOC })).toHaveCount(1);
    await expect(deputy.getByText(COMMAND_DOC)).toHaveCount(0);
    // The server never sends the Command document to a deputy.
    const answer = await deputy.request.get('/api/sops?agency=rawlife');
    expect(answer.ok()).toBe(true);
    const body = await answer.text();
    expect(body).toContain(DEPUTY_DOC);
    expect(body).not.toContain(COMMAND_DOC);

    const item = deputy.getByTestId('sop-item').filter({ hasText: DEPUTY_DOC });
    await item.getByRole('button', { name: new RegExp(DEPUTY_DOC) }).click();
    await expect(item.getByText('Minimum rank: Deputy')).toBeVisible();
    await expect(item.getByText(/^Updated /)).toBeVisible();
    // Plain text, line breaks kept, markup shown as typed.
    await expect(item.getByTestId('document-content')).toHaveText(DEPUTY_CONTENT, { useInnerText: true });
    await expect(item.getByTestId('document-content').locator('b')).toHaveCount(0);
    await snapBoth(deputy, 'sops-deputy');

    // The search narrows the list.
    await deputy.getByRole('searchbox', { name: 'Search documents' }).fill('traffic stop');
    await expect(deputy.getByTestId('sop-title')).toHaveText([DEPUTY_DOC]);
    await deputy.setViewportSize(PHONE);
    await expectNoSidewaysScroll(deputy);
    await deputy.context().close();
  });
});
