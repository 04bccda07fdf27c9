import { expect, test, type Locator, type Page } from '@playwright/test';
import { DESKTOP, expectNoSidewaysScroll, JORDAN, openAs, PHONE, SAM, snapView } from './helpers';

// Issue 21, defects 1 and 2: a dialog with changes asks before Escape, ×, Cancel or a click
// beside it drop them ('Unsaved changes': Keep editing / Discard), and Escape closes only the
// dialog on top. Jordan Reyes (Command) manages vehicles; Sam Whitaker (Supervisor) manages
// training.

const SIZES = [
  { name: 'desktop', viewport: DESKTOP },
  { name: 'phone', viewport: PHONE },
] as const;

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

function unsavedChanges(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Unsaved changes' });
}

/** 'Unsaved changes' is up over `dialog`: Keep editing leaves `dialog` as it was. */
async function keepEditing(page: Page, dialog: Locator): Promise<void> {
  const confirm = unsavedChanges(page);
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText('Close this dialog and drop your changes?');
  await confirm.getByRole('button', { name: 'Keep editing', exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(dialog).toBeVisible();
}

test.describe.configure({ timeout: 120_000 });
test.use({ actionTimeout: 15_000 });

for (const size of SIZES) {
  test(`${size.name}: Escape, × or a click beside a filled Add vehicle asks before its form and image are dropped`, async ({
    browser,
  }) => {
    const name = `E2E unsaved ${size.name} ${String(Date.now())}`;
    const page = await openAs(browser, JORDAN, '/command/vehicles');
    try {
      await page.setViewportSize(size.viewport);
      await page.getByRole('button', { name: 'Add vehicle', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Add vehicle' });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
      await dialog.getByLabel('Image URL file').setInputFiles({ name: 'alamo.png', mimeType: 'image/png', buffer: PNG });
      const image = dialog.getByRole('textbox', { name: 'Image URL' });
      await expect(image).toHaveValue(/^\/media\/catalogues\/.+\.png$/);
      const uploaded = await image.inputValue();

      // Before: Escape closed the dialog at once, the form and its image lost.
      await page.keyboard.press('Escape');
      await expect(unsavedChanges(page)).toBeVisible();
      await expectNoSidewaysScroll(page);
      await snapView(page, `dialog-unsaved-changes-${size.name}`);
      await keepEditing(page, dialog);
      await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue(name);
      await expect(image).toHaveValue(uploaded);

      await dialog.getByRole('button', { name: 'Close this dialog' }).click();
      await keepEditing(page, dialog);
      if (size.name === 'desktop') {
        // Beside the dialog (on a phone it fills the screen).
        await page.mouse.click(10, size.viewport.height - 10);
        await keepEditing(page, dialog);
      }
      // Escape on the question closes the question only.
      await page.keyboard.press('Escape');
      await expect(unsavedChanges(page)).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(unsavedChanges(page)).toBeHidden();
      await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue(name);

      await page.keyboard.press('Escape');
      await unsavedChanges(page).getByRole('button', { name: 'Discard', exact: true }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId('vehicle-card').filter({ hasText: name })).toHaveCount(0);
    } finally {
      await page.context().close();
    }
  });

  test(`${size.name}: Escape in the trainee picker closes the picker, not Create session beneath it`, async ({ browser }) => {
    const page = await openAs(browser, SAM, '/fto/training');
    try {
      await page.setViewportSize(size.viewport);
      await page.getByRole('button', { name: 'Create session', exact: true }).click();
      const create = page.getByRole('dialog', { name: 'Create session' });
      await expect(create).toBeVisible();
      await create.getByRole('textbox', { name: 'Session name' }).fill('Night ride');
      await create.getByRole('button', { name: 'Add trainee', exact: true }).click();
      const picker = page.getByRole('dialog', { name: 'Select trainees' });
      await picker.getByRole('textbox', { name: 'Search' }).fill('Casey');
      await picker.getByRole('button', { name: 'Add Casey Nguyen', exact: true }).click();
      await snapView(page, `dialog-picker-over-create-${size.name}`);

      // Before: Escape closed the picker and Create session with it.
      await page.keyboard.press('Escape');
      await expect(picker).toBeHidden();
      await expect(create).toBeVisible();
      await expect(unsavedChanges(page)).toBeHidden();
      await expect(create.getByRole('textbox', { name: 'Session name' })).toHaveValue('Night ride');
      await expect(create.getByRole('list', { name: 'Trainees' })).toContainText('Casey Nguyen');
      await expectNoSidewaysScroll(page);
      await snapView(page, `dialog-create-after-picker-${size.name}`);

      // Escape on Create session itself asks, since it holds changes.
      await page.keyboard.press('Escape');
      await keepEditing(page, create);
      await page.keyboard.press('Escape');
      await unsavedChanges(page).getByRole('button', { name: 'Discard', exact: true }).click();
      await expect(create).toBeHidden();
      await expect(page.getByTestId('session-card').filter({ hasText: 'Night ride' })).toHaveCount(0);
    } finally {
      await page.context().close();
    }
  });
}
