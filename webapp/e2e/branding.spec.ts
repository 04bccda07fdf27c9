import { expect, test } from '@playwright/test';
import { ALEX, signIn, snap } from './helpers';

test.describe('agency branding', () => {
  test('High Command previews a hero title, saves it, and it survives a reload', async ({ page }) => {
    await page.goto('/command/branding');
    await signIn(page, ALEX);
    const titleInput = page.getByRole('textbox', { name: 'Hero title' });
    await expect(titleInput).toBeVisible();
    const original = await titleInput.inputValue();
    const draft = `Serve with pride ${Date.now().toString(36)}`;
    const hero = page.getByTestId('home-hero-title');
    try {
      await expect(hero).toHaveText(original === '' ? 'RawLife Community' : original);

      // Preview applies the draft to the live shell; leaving the screen undoes it.
      await titleInput.fill(draft);
      await page.getByRole('button', { name: 'Preview draft' }).click();
      await expect(page.getByText('Preview applied. Remember to save to keep changes.')).toBeVisible();
      await expect(hero).toHaveText(draft);
      await expect(page.getByRole('button', { name: 'Stop preview' })).toBeVisible();
      await snap(page, 'branding-preview');
      await page.getByRole('link', { name: 'Home' }).first().click();
      await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(draft);

      // Back on the screen: save the draft.
      await page.goto('/command/branding');
      await expect(titleInput).toHaveValue(original);
      await titleInput.fill(draft);
      await page.getByRole('button', { name: 'Save changes' }).click();
      await expect(page.getByText('Branding updated.')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Saved' })).toBeDisabled();
      await expect(hero).toHaveText(draft);

      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1, name: draft })).toBeVisible();
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: draft })).toBeVisible();
      await snap(page, 'branding-saved-home');

      // The save is in Logs → All changes, field by field, with how long changes are kept.
      for (const size of [{ width: 1366, height: 900 }, { width: 390, height: 844 }]) {
        await page.setViewportSize(size);
        await page.goto('/command/logs');
        await page.getByRole('combobox', { name: 'Log type' }).click();
        await page.getByRole('option', { name: 'All changes', exact: true }).click();
        await expect(page.getByText('Changes are kept for 365 days, then deleted.')).toBeVisible();
        await page.getByRole('combobox', { name: 'Kind' }).click();
        await page.getByRole('option', { name: 'Branding', exact: true }).click();
        const saved = page.getByTestId('audit-entry').filter({ hasText: draft }).first();
        await expect(saved).toContainText('Hero title');
        await expect(saved.getByText('Updated by Alex Mercer')).toBeVisible();
        const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
        expect(widths[0]).toBeLessThanOrEqual(widths[1] ?? 0);
        await snap(page, `branding-in-all-changes-${String(size.width)}`);
      }
    } finally {
      // Restore the hero title for the other tests (Alex's session).
      const response = await page.request.patch('/api/agencies/rawlife', {
        data: { theme: { heroTitle: original === '' ? null : original } },
      });
      expect(response.ok()).toBe(true);
    }
  });
});
