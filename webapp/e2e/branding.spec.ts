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
    } finally {
      // Restore the hero title for the other tests (Alex's session).
      const response = await page.request.patch('/api/agencies/rawlife', {
        data: { theme: { heroTitle: original === '' ? null : original } },
      });
      expect(response.ok()).toBe(true);
    }
  });
});
