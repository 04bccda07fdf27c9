import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { CASEY, type DemoAccount, DESKTOP, expectNoSidewaysScroll, JORDAN, PHONE, SAM, signIn, snap, snapView, wholeRoster } from './helpers';

// Root agency demo members (seed-demo): Jordan Reyes is Command (manages vehicles), Sam
// Whitaker a Supervisor and Casey Nguyen a Deputy, on different ranks.

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

interface RankOption {
  id: string;
  name: string;
  departmentName: string;
}

/** A rank as its chip names it. */
interface RankChip extends RankOption {
  label: string;
}

/** A new browser of its own (own cookies), signed in as `account` on `path`. */
async function openAs(browser: Browser, baseURL: string | undefined, account: DemoAccount, path: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: DESKTOP });
  const page = await context.newPage();
  await page.goto(path);
  await signIn(page, account);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  return page;
}

/** Turns the chip `rank` on or off in a rank picker (the chips are labelled checkboxes). */
async function setChip(picker: Locator, rank: RankChip | 'All ranks', on: boolean): Promise<void> {
  const scope = rank === 'All ranks' ? picker : picker.getByRole('group', { name: rank.departmentName, exact: true });
  const label = rank === 'All ranks' ? rank : rank.label;
  const box = scope.getByRole('checkbox', { name: label, exact: true });
  if ((await box.isChecked()) !== on) await scope.getByText(label, { exact: true }).click();
  if (on) await expect(box).toBeChecked();
  else await expect(box).not.toBeChecked();
}

/** Adds a livery named `name` to `variant`, limited to `rank` (or open to all). */
async function addLivery(variant: Locator, index: number, name: string, rank: RankChip | null): Promise<void> {
  await variant.getByRole('button', { name: 'Add livery', exact: true }).click();
  const livery = variant.getByRole('group', { name: `Livery ${String(index)}`, exact: true });
  await livery.getByRole('textbox', { name: 'Livery name' }).fill(name);
  const picker = livery.getByRole('group', { name: 'Livery access', exact: true });
  // A new livery is open to All ranks; choosing a rank replaces All.
  await expect(picker.getByRole('checkbox', { name: 'All ranks', exact: true })).toBeChecked();
  if (rank !== null) {
    await setChip(picker, rank, true);
    await expect(picker.getByRole('checkbox', { name: 'All ranks', exact: true })).not.toBeChecked();
  }
}

async function addVariant(dialog: Locator, index: number, name: string): Promise<Locator> {
  await dialog.getByRole('button', { name: 'Add variant', exact: true }).click();
  const variant = dialog.getByRole('group', { name: `Variant ${String(index)}`, exact: true });
  await variant.getByRole('textbox', { name: 'Variant name' }).fill(name);
  return variant;
}

function card(page: Page, name: string): Locator {
  return page.getByTestId('vehicle-card').filter({ has: page.getByRole('heading', { name, exact: true }) });
}

async function openDetails(page: Page, name: string): Promise<Locator> {
  await card(page, name).getByRole('button', { name: 'View details' }).click();
  const dialog = page.getByRole('dialog', { name, exact: true });
  await expect(dialog).toBeVisible();
  return dialog;
}

function variantIn(dialog: Locator, name: string): Locator {
  return dialog.getByTestId('vehicle-variant').filter({ has: dialog.page().getByText(name, { exact: true }) });
}

async function closeDialog(page: Page, dialog: Locator): Promise<void> {
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

test.describe('vehicles', () => {
  test('Command limits a vehicle and a livery to the deputy rank; only deputies see them', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const suffix = String(Date.now()).slice(-6);
    const limited = `E2E Deputy Cruiser ${suffix}`;
    const open = `E2E Open Van ${suffix}`;
    const deputyLivery = `Deputy stripes ${suffix}`;

    await page.setViewportSize(DESKTOP);
    await page.goto('/command/vehicles');
    await signIn(page, JORDAN);
    await expect(page).toHaveURL(/\/command\/vehicles$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Vehicle management' })).toBeVisible();
    await expect(page.getByTestId('vehicle-card').first()).toBeVisible();

    // The deputy's and the supervisor's ranks, as the picker names them.
    const roster = await wholeRoster<{ name: string; rankId?: string | null }>(page.request);
    const manage = (await (await page.request.get('/api/vehicles?scope=manage')).json()) as { ranks: RankOption[] };
    const rankOf = (person: string): RankChip => {
      const rankId = roster.find((entry) => entry.name === person)?.rankId;
      const rank = manage.ranks.find((option) => option.id === rankId);
      if (rank === undefined) throw new Error(`no rank for ${person}`);
      // A rank another department also has says its department (issue 21): 'Deputy · Headquarters'.
      const shared = manage.ranks.some((other) => other.name === rank.name && other.departmentName !== rank.departmentName);
      return { ...rank, label: shared ? `${rank.name} · ${rank.departmentName}` : rank.name };
    };
    const deputy = rankOf(CASEY.name);
    expect(rankOf(SAM.name).id).not.toBe(deputy.id);

    // The name is required before anything is sent.
    await page.getByRole('button', { name: 'Add vehicle', exact: true }).click();
    let dialog = page.getByRole('dialog', { name: 'Add vehicle' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Create vehicle' }).click();
    await expect(dialog.getByText('Vehicle name is required')).toBeVisible();

    // Vehicle 1: the vehicle itself and its livery for the deputy rank only.
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(limited);
    await dialog.getByRole('textbox', { name: 'Notes' }).fill('Added by the browser test.');
    // An uploaded image fills in the Image URL.
    await dialog.getByLabel('Image URL file').setInputFiles({ name: 'cruiser.png', mimeType: 'image/png', buffer: PNG });
    await expect(dialog.getByRole('textbox', { name: 'Image URL' })).toHaveValue(/^\/media\/catalogues\/.+\.png$/);
    await expect(dialog.getByRole('img', { name: 'Image URL preview' })).toBeVisible();
    const access = dialog.getByRole('group', { name: 'Vehicle access', exact: true });
    await setChip(access, 'All ranks', false);
    await setChip(access, deputy, true);
    let variant = await addVariant(dialog, 1, 'Standard');
    await addLivery(variant, 1, deputyLivery, deputy);
    await snapView(page, 'vehicles-add-dialog');
    await dialog.getByRole('button', { name: 'Create vehicle' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Vehicle created', { exact: true })).toBeVisible();
    await expect(card(page, limited).getByTestId('vehicle-allowed')).toHaveText('Allowed: 1 rank(s)');
    await expect(card(page, limited)).toContainText('Standard · 1 livery');

    // Vehicle 2: open to All ranks, one livery for everyone, one for the deputy rank, and a
    // variant whose only livery is the deputy rank's.
    await page.getByRole('button', { name: 'Add vehicle', exact: true }).click();
    dialog = page.getByRole('dialog', { name: 'Add vehicle' });
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(open);
    await expect(dialog.getByRole('group', { name: 'Vehicle access', exact: true }).getByRole('checkbox', { name: 'All ranks' })).toBeChecked();
    variant = await addVariant(dialog, 1, 'Patrol');
    await addLivery(variant, 1, 'Plain white', null);
    await addLivery(variant, 2, deputyLivery, deputy);
    variant = await addVariant(dialog, 2, 'Special');
    await addLivery(variant, 1, 'Deputy special', deputy);
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).press('Enter');
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Vehicle created', { exact: true }).first()).toBeVisible();
    await expect(card(page, open).getByTestId('vehicle-allowed')).toHaveText('Allowed: All ranks');
    await expect(card(page, open)).toContainText('Patrol · 2 liveries');
    await expect(card(page, open)).toContainText('Special · 1 livery');
    await snap(page, 'vehicles-management');
    await expectNoSidewaysScroll(page);

    // The deputy sees both vehicles and the deputy livery.
    const deputyPage = await openAs(browser, baseURL, CASEY, '/structure/vehicles');
    try {
      await expect(deputyPage.getByRole('heading', { level: 1, name: 'Vehicles' })).toBeVisible();
      await expect(card(deputyPage, limited)).toBeVisible();
      await expect(card(deputyPage, limited).getByRole('img', { name: limited })).toBeVisible();
      let details = await openDetails(deputyPage, limited);
      await expect(variantIn(details, 'Standard').getByText(deputyLivery, { exact: true })).toBeVisible();
      await closeDialog(deputyPage, details);
      details = await openDetails(deputyPage, open);
      await expect(variantIn(details, 'Patrol').getByText('Plain white', { exact: true })).toBeVisible();
      await expect(variantIn(details, 'Patrol').getByText(deputyLivery, { exact: true })).toBeVisible();
      await expect(variantIn(details, 'Special').getByText('Deputy special', { exact: true })).toBeVisible();
      await snapView(deputyPage, 'vehicles-deputy-details');
      await closeDialog(deputyPage, details);
      await snap(deputyPage, 'vehicles-deputy');
    } finally {
      await deputyPage.context().close();
    }

    // The supervisor (another rank) sees neither the limited vehicle nor the deputy liveries.
    const supervisor = await openAs(browser, baseURL, SAM, '/structure/vehicles');
    try {
      await expect(card(supervisor, open)).toBeVisible();
      await expect(card(supervisor, limited)).toHaveCount(0);
      const details = await openDetails(supervisor, open);
      await expect(variantIn(details, 'Patrol').getByText('Plain white', { exact: true })).toBeVisible();
      await expect(details.getByText(deputyLivery, { exact: true })).toHaveCount(0);
      await expect(variantIn(details, 'Special').getByText('Not available for your rank', { exact: true })).toBeVisible();
      await snapView(supervisor, 'vehicles-supervisor-details');
      await closeDialog(supervisor, details);

      // On a phone: one column, no sideways scroll, the dialog fits.
      await supervisor.setViewportSize(PHONE);
      await expect(card(supervisor, open)).toBeVisible();
      await expectNoSidewaysScroll(supervisor);
      await snap(supervisor, 'vehicles-supervisor-phone');
      const phoneDetails = await openDetails(supervisor, open);
      await expect(variantIn(phoneDetails, 'Special').getByText('Not available for your rank')).toBeVisible();
      await expectNoSidewaysScroll(supervisor);
      await snapView(supervisor, 'vehicles-details-phone');
    } finally {
      await supervisor.context().close();
    }

    // Management on a phone: the editor fits; then both vehicles are removed again.
    await page.setViewportSize(PHONE);
    await expectNoSidewaysScroll(page);
    await snap(page, 'vehicles-management-phone');
    await card(page, open).getByRole('button', { name: 'Edit vehicle' }).click();
    dialog = page.getByRole('dialog', { name: `Edit ${open}` });
    await expect(dialog).toBeVisible();
    await expect(
      dialog.getByRole('group', { name: 'Variant 2', exact: true }).getByRole('textbox', { name: 'Variant name' }),
    ).toHaveValue('Special');
    await expectNoSidewaysScroll(page);
    await snapView(page, 'vehicles-edit-phone');
    await dialog.getByRole('group', { name: 'Variant 1', exact: true }).getByRole('group', { name: 'Livery 2', exact: true }).scrollIntoViewIfNeeded();
    await expectNoSidewaysScroll(page);
    await snapView(page, 'vehicles-edit-phone-liveries');
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(dialog).toBeHidden();

    for (const name of [limited, open]) {
      await card(page, name).getByRole('button', { name: `Delete ${name}`, exact: true }).click();
      const confirm = page.getByRole('dialog', { name: 'Remove this vehicle?' });
      await expect(confirm).toBeVisible();
      await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
      await expect(card(page, name)).toHaveCount(0);
    }
    await expect(page.getByText('Vehicle removed', { exact: true }).first()).toBeVisible();
  });
});
