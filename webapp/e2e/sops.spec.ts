import { expect, test, type Locator, type Page } from '@playwright/test';
import { CASEY, DESKTOP, expectNoSidewaysScroll, JORDAN, openAs, PHONE, snapBoth, snapView } from './helpers';
import { card, cleanUp } from './sops-helpers';

// The root agency's demo members (seed-demo): Jordan Reyes is Command and Casey Nguyen a
// Deputy. Every run names its documents uniquely and removes them at the end (and again after
// a failure).
const RUN = Date.now().toString(36);
const COMMAND_DOC = `E2E command briefing ${RUN}`;
const DEPUTY_DOC = `E2E traffic stops ${RUN}`;
const E2E_PREFIX = /^E2E (command briefing|traffic stops|radio discipline) /;
const DEPUTY_LINES = ['Pick a safe spot.', 'Call in the plate.', '<b>Stay</b> at the B-pillar.'];
const DRAFT_DOC = `E2E radio discipline ${RUN}`;
/** A 12×8 PNG (the server decodes and re-encodes every picture, so it must be a real one). */
const PICTURE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAwAAAAICAIAAABChommAAAAEUlEQVR4nGM4oaFBEDGMKgIA9KxpATkYZAIAAAAASUVORK5CYII=',
  'base64',
);

/** Waits until the success notifications have closed by themselves (they would cover the header). */
async function notificationsGone(page: Page): Promise<void> {
  // A notification under the pointer stays open (it rises where the dialog's Save was).
  await page.mouse.move(0, 0);
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 15_000 });
}

/** Picks `option` in the Mantine select labelled `label` of `dialog`. */
async function choose(page: Page, dialog: Locator, label: string, option: string): Promise<void> {
  await dialog.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(dialog.getByRole('combobox', { name: label })).toHaveValue(option);
}

/** Types `lines` into the rich text editor `editor`, a paragraph each. */
async function typeLines(page: Page, editor: Locator, lines: readonly string[]): Promise<void> {
  await editor.click();
  for (const [index, line] of lines.entries()) {
    if (index > 0) await page.keyboard.press('Enter');
    await page.keyboard.type(line);
  }
}

/** Creates a document through the 'New document' dialog. */
async function createDocument(
  page: Page,
  { title, summary, content, type, level }: { title: string; summary: string; content: readonly string[]; type: string; level: string },
): Promise<void> {
  await page.getByRole('button', { name: 'New document', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'New document' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  await dialog.getByRole('textbox', { name: 'Short summary', exact: true }).fill(summary);
  await typeLines(page, dialog.getByRole('textbox', { name: 'Content', exact: true }), content);
  await choose(page, dialog, 'Document type', type);
  await choose(page, dialog, 'Minimum rank', level);
  await dialog.getByRole('button', { name: 'Create document' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Document created', { exact: true }).first()).toBeVisible();
  await expect(card(page, title)).toBeVisible();
}

test.describe('SOPs and presentations', () => {
  test.afterAll(async ({ browser }) => {
    await cleanUp(browser, E2E_PREFIX);
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
      content: ['Budget.', 'Promotions.', 'Recruitment drive.'],
      type: 'Presentation',
      level: 'Command',
    });
    await createDocument(command, {
      title: DEPUTY_DOC,
      summary: 'How every traffic stop goes.',
      content: DEPUTY_LINES,
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

    // Edit: the summary changes, and a picture is uploaded into the content from the toolbar
    // (published at once, as the Content field says).
    await card(command, DEPUTY_DOC).getByRole('button', { name: 'Edit', exact: true }).click();
    const edit = command.getByRole('dialog', { name: `Edit ${DEPUTY_DOC}` });
    await expect(edit.getByTestId('document-content')).toContainText('To prepare changes before members see them, use Edit draft');
    await snapBoth(command, 'sops-edit-document');
    await edit.getByRole('textbox', { name: 'Short summary', exact: true }).fill('How every traffic stop goes, step by step.');
    const chooser = command.waitForEvent('filechooser');
    await edit.getByRole('button', { name: 'Upload image', exact: true }).click();
    await (await chooser).setFiles({ name: 'stop-diagram.png', mimeType: 'image/png', buffer: PICTURE });
    await expect(edit.getByTestId('document-content').locator('img[alt="stop diagram"]')).toHaveAttribute('src', /^\/media\/sops\/rawlife\/[0-9a-f]+\.png$/);
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
    // Rich text: a paragraph a line, markup typed as text shown as typed.
    await expect(item.getByTestId('document-content').locator('p').filter({ hasText: /./ })).toHaveText(DEPUTY_LINES);
    await expect(item.getByTestId('document-content').locator('b')).toHaveCount(0);
    // The picture uploaded into it, served from the agency's media.
    const picture = item.getByTestId('document-content').locator('img[alt="stop diagram"]');
    await expect(picture).toHaveAttribute('src', /^\/media\/sops\/rawlife\//);
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(12);
    await snapBoth(deputy, 'sops-deputy');

    // The search narrows the list.
    await deputy.getByRole('searchbox', { name: 'Search documents' }).fill('traffic stop');
    await expect(deputy.getByTestId('sop-title')).toHaveText([DEPUTY_DOC]);
    await deputy.setViewportSize(PHONE);
    await expectNoSidewaysScroll(deputy);
    await deputy.context().close();
  });

  test('Command edits a draft while deputies read the published version; publish, history with a diff, restore', async ({ browser }) => {
    test.setTimeout(150_000);
    const command = await openAs(browser, JORDAN, '/command/sops');
    await expect(command.getByTestId('document-card').first()).toBeVisible();
    await createDocument(command, {
      title: DRAFT_DOC,
      summary: 'Keep the channel clear.',
      content: ['Key up, pause, then speak.', 'Use plain language.'],
      type: 'SOP',
      level: 'Deputy',
    });
    await expect(card(command, DRAFT_DOC).getByTestId('document-state')).toHaveText('Version 1 published');
    await notificationsGone(command);

    // The draft opens in the live editor with what is published (the server seeds it).
    await card(command, DRAFT_DOC).getByRole('button', { name: 'Edit draft', exact: true }).click();
    const draft = command.getByRole('dialog', { name: `Draft: ${DRAFT_DOC}` });
    const editor = draft.getByRole('textbox', { name: 'Content', exact: true });
    await expect(draft.getByTestId('collab-status')).toHaveText('Live: changes are saved as you type');
    await expect(editor.locator('p')).toHaveText(['Key up, pause, then speak.', 'Use plain language.']);
    await expect(draft.getByTestId('draft-status')).toContainText('Members read version 1');
    await expect(draft.getByRole('button', { name: 'Publish', exact: true })).toBeDisabled();

    // Clicking into the loaded text and pressing End puts the caret at the end of the line
    // clicked (an earlier author saw typing land at the start): the second paragraph, so that a
    // click that did not take (the caret still at the start) would show.
    await editor.locator('p').nth(1).click();
    await command.keyboard.press('End');
    await command.keyboard.type(' Always.');
    await expect(editor.locator('p').nth(1)).toHaveText('Use plain language. Always.');
    await expect(editor.locator('p').first()).toHaveText('Key up, pause, then speak.');
    // Rich text from the toolbar: a heading after it.
    await command.keyboard.press('Enter');
    await command.keyboard.type('Emergencies');
    await draft.getByRole('button', { name: 'Heading 2', exact: true }).click();
    await expect(editor.locator('p, h2').filter({ hasText: /./ })).toHaveText([
      'Key up, pause, then speak.',
      'Use plain language. Always.',
      'Emergencies',
    ]);
    await expect(editor.locator('h2')).toHaveText('Emergencies');
    // No Save draft: the changes save themselves.
    await expect(draft.getByRole('button', { name: 'Save draft' })).toHaveCount(0);
    await expect(draft.getByTestId('draft-status')).toContainText('Unpublished changes');
    await snapView(command, 'sops-draft-desktop');
    await command.setViewportSize(PHONE);
    await expectNoSidewaysScroll(command);
    await snapView(command, 'sops-draft-phone');
    await command.setViewportSize(DESKTOP);

    // A deputy still reads version 1.
    const deputy = await openAs(browser, CASEY, '/sops');
    const item = deputy.getByTestId('sop-item').filter({ hasText: DRAFT_DOC });
    await item.getByRole('button', { name: new RegExp(DRAFT_DOC) }).click();
    await expect(item.getByTestId('document-content')).toContainText('Key up, pause, then speak.');
    await expect(item.getByTestId('document-content')).not.toContainText('Always.');

    // Publish, after a question.
    await draft.getByRole('button', { name: 'Publish', exact: true }).click();
    const question = command.getByRole('dialog', { name: 'Publish this draft?' });
    await question.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(command.getByText('Document published', { exact: true }).first()).toBeVisible();
    await expect(draft.getByTestId('draft-status')).toContainText('Members read version 2');
    await draft.getByRole('button', { name: 'Close this dialog' }).click();
    await expect(draft).toBeHidden();
    await expect(card(command, DRAFT_DOC).getByTestId('document-state')).toHaveText('Version 2 published');

    await deputy.reload();
    const again = deputy.getByTestId('sop-item').filter({ hasText: DRAFT_DOC });
    await again.getByRole('button', { name: new RegExp(DRAFT_DOC) }).click();
    await expect(again.getByTestId('document-content').locator('h2')).toHaveText('Emergencies');
    await expect(again.getByTestId('document-content')).toContainText('Use plain language. Always.');
    await deputy.setViewportSize(PHONE);
    await expectNoSidewaysScroll(deputy);
    await snapView(deputy, 'sops-rich-text-phone');
    await deputy.context().close();

    // History: both versions, the diff of version 2, then restore version 1 as the draft.
    await notificationsGone(command);
    await card(command, DRAFT_DOC).getByRole('button', { name: 'History', exact: true }).click();
    const history = command.getByRole('dialog', { name: `History: ${DRAFT_DOC}` });
    await expect(history.getByRole('combobox', { name: 'Version' }).locator('option')).toHaveCount(2);
    await expect(history.getByTestId('version-diff').locator('ins')).toContainText(['Always.']);
    await expect(history.getByTestId('version-line')).toContainText('Changes from version 1');
    await snapView(command, 'sops-history-desktop');
    await command.setViewportSize(PHONE);
    await expectNoSidewaysScroll(command);
    await snapView(command, 'sops-history-phone');
    await command.setViewportSize(DESKTOP);
    await history.getByRole('combobox', { name: 'Version' }).selectOption('1');
    await expect(history.getByTestId('version-line')).toContainText('The first version');
    await history.getByRole('button', { name: 'Restore as draft', exact: true }).click();
    const restore = command.getByRole('dialog', { name: 'Restore version 1?' });
    await restore.getByRole('button', { name: 'Restore', exact: true }).click();
    await expect(command.getByText('Version 1 is the draft again. Publish it to show it to members.').first()).toBeVisible();
    await history.getByRole('button', { name: 'Close this dialog' }).click();
    await expect(card(command, DRAFT_DOC).getByTestId('document-state')).toHaveText('Version 2 published · draft waiting');
    await command.context().close();
  });
});
