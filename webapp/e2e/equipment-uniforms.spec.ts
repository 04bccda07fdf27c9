import { crc32, deflateSync } from 'node:zlib';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { CASEY, DESKTOP, expectNoSidewaysScroll, JORDAN, openAs, PHONE, SAM, snapBoth, snapView } from './helpers';

// The root agency's demo members (seed-demo): Jordan Reyes is Command, Sam Whitaker
// Supervisor and Casey Nguyen Deputy, all in Headquarters, whose ranks are named after the
// levels. Every run names its entries uniquely and removes them at the end (and again after a
// failure).
const RUN = Date.now().toString(36);
const KIT = `E2E breaching kit ${RUN}`;
const UNIFORM = `E2E polo uniform ${RUN}`;
const E2E_PREFIX = /^E2E (breaching kit|polo uniform) /;

/** A PNG of `width`×`height` whose pixels `paint` colours (RGB). */
function png(width: number, height: number, paint: (x: number, y: number) => [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) rows.set(paint(x, y), y * (width * 3 + 1) + 1 + x * 3);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A figure (head and body) on a grey ground: the uniform's picture. */
const FIGURE = png(70, 90, (x, y) => {
  const head = (x - 35) ** 2 + (y - 16) ** 2 <= 100;
  const body = y >= 28 && y <= 80 && x >= 18 && x <= 52;
  return head ? [224, 172, 105] : body ? [28, 52, 94] : [200, 204, 210];
});
/** Stripes: the kit's picture. */
const KIT_PICTURE = png(80, 60, (x) => (Math.floor(x / 10) % 2 === 0 ? [60, 70, 80] : [240, 190, 20]));

/** Waits until the image has loaded (a broken image would be hidden). */
async function expectLoaded(image: Locator): Promise<void> {
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
}

function card(page: Page, testId: string, name: string): Locator {
  return page.getByTestId(testId).filter({ has: page.getByRole('heading', { name, exact: true }) });
}

/** Deletes, on a management screen, every card this spec creates (any run). */
async function removeTestEntries(page: Page, testId: string, removed: string): Promise<void> {
  for (;;) {
    const cards = page.getByTestId(testId).filter({ has: page.getByRole('heading', { name: E2E_PREFIX }) });
    if ((await cards.count()) === 0) return;
    await cards.first().getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = page.getByRole('dialog');
    await expect(confirm).toContainText(testId === 'equipment-card' ? 'Remove this equipment entry?' : 'Remove this uniform entry?');
    const count = await cards.count();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByText(removed, { exact: true }).first()).toBeVisible();
    await expect(cards).toHaveCount(count - 1);
  }
}

async function cleanUp(browser: Browser): Promise<void> {
  const page = await openAs(browser, JORDAN, '/command/equipment');
  await expect(page.getByRole('heading', { level: 1, name: 'Equipment management' })).toBeVisible();
  await expect(page.getByTestId('equipment-card').first()).toBeVisible();
  await removeTestEntries(page, 'equipment-card', 'Equipment removed');
  await page.goto('/command/uniforms');
  await expect(page.getByRole('heading', { level: 1, name: 'Uniform management' })).toBeVisible();
  await expect(page.getByTestId('uniform-card').first()).toBeVisible();
  await removeTestEntries(page, 'uniform-card', 'Uniform removed');
  await page.context().close();
}

test.describe('equipment and uniforms', () => {
  test.afterAll(async ({ browser }) => {
    await cleanUp(browser);
  });

  test('Command limits equipment to one rank and adds a uniform; members see what their rank may use', async ({
    browser,
  }) => {
    test.setTimeout(120_000);

    // ——— Command: equipment limited to Headquarters › Deputy ———
    const command = await openAs(browser, JORDAN, '/command/equipment');
    await expect(command.getByRole('heading', { level: 1, name: 'Equipment management' })).toBeVisible();
    await expect(command.getByTestId('equipment-card').first()).toBeVisible();
    await snapBoth(command, 'equipment-management');

    await command.getByRole('button', { name: 'New equipment', exact: true }).click();
    const kitDialog = command.getByRole('dialog', { name: 'New equipment' });
    await expect(kitDialog).toBeVisible();
    await kitDialog.getByRole('button', { name: 'Create equipment' }).click();
    await expect(kitDialog.getByText('Equipment name is required', { exact: true })).toBeVisible();

    await kitDialog.getByRole('textbox', { name: 'Name', exact: true }).fill(KIT);
    await kitDialog.getByRole('textbox', { name: 'Notes', exact: true }).fill('For forced entry on warrants.');
    await kitDialog.getByLabel('Image URL file').setInputFiles({ name: 'kit.png', mimeType: 'image/png', buffer: KIT_PICTURE });
    await expect(kitDialog.getByRole('textbox', { name: 'Image URL', exact: true })).toHaveValue(/^\/media\//);
    // The chips are labelled checkboxes; the label is what one clicks. Patrol Division has a
    // Deputy too: each says its department (issue 21).
    const headquarters = kitDialog.getByRole('group', { name: 'Headquarters', exact: true });
    await headquarters.getByText('Deputy · Headquarters', { exact: true }).click();
    await expect(headquarters.getByRole('checkbox', { name: 'Deputy · Headquarters', exact: true })).toBeChecked();
    const section = kitDialog.getByRole('group', { name: 'Section 1' });
    await section.getByRole('textbox', { name: 'Section name', exact: true }).fill('Breaching');
    await section.getByRole('textbox', { name: 'Item 1', exact: true }).fill('Battering ram');
    await section.getByRole('button', { name: 'Add item', exact: true }).click();
    await section.getByRole('textbox', { name: 'Item 2', exact: true }).fill('Halligan bar');
    await kitDialog.getByRole('button', { name: 'Add section', exact: true }).click();
    await expect(kitDialog.getByRole('group', { name: 'Section 2' })).toBeVisible();
    await command.setViewportSize(PHONE);
    await expectNoSidewaysScroll(command);
    await snapView(command, 'equipment-editor-phone');
    await command.setViewportSize(DESKTOP);
    await snapView(command, 'equipment-editor-desktop');

    await kitDialog.getByRole('button', { name: 'Create equipment' }).click();
    await expect(command.getByText('Equipment created', { exact: true })).toBeVisible();
    await expect(kitDialog).toBeHidden();
    const kitCard = card(command, 'equipment-card', KIT);
    await expect(kitCard).toContainText('1 section');
    await expect(kitCard).toContainText('Allowed: 1 rank(s)');
    await expect(kitCard.getByTestId('allowed-rank-names')).toHaveText('Deputy · Headquarters');
    await expect(kitCard).toContainText('Halligan bar');
    await expectLoaded(kitCard.getByRole('img', { name: KIT }));

    // ——— Command: a uniform for every rank, eyewear left blank ———
    await command.goto('/command/uniforms');
    await expect(command.getByRole('heading', { level: 1, name: 'Uniform management' })).toBeVisible();
    await expect(command.getByTestId('uniform-card').first()).toBeVisible();
    await command.getByRole('button', { name: 'New uniform', exact: true }).click();
    const uniformDialog = command.getByRole('dialog', { name: 'Add uniform' });
    await expect(uniformDialog).toBeVisible();
    await uniformDialog.getByRole('textbox', { name: 'Name', exact: true }).fill(UNIFORM);
    await uniformDialog.getByRole('textbox', { name: 'Summary', exact: true }).fill('Summer patrol.');
    await uniformDialog.getByLabel('Image URL file').setInputFiles({ name: 'polo.png', mimeType: 'image/png', buffer: FIGURE });
    await expect(uniformDialog.getByRole('textbox', { name: 'Image URL', exact: true })).toHaveValue(/^\/media\//);
    await uniformDialog.getByRole('textbox', { name: 'Helmet', exact: true }).fill('Patrol cap');
    await uniformDialog.getByRole('textbox', { name: 'Uniform', exact: true }).fill('Navy polo\nCargo trousers');
    await uniformDialog.getByRole('button', { name: 'Add attachment', exact: true }).click();
    await uniformDialog.getByRole('textbox', { name: 'Attachment 1', exact: true }).fill('Name tape');
    await command.setViewportSize(PHONE);
    await expectNoSidewaysScroll(command);
    await snapView(command, 'uniform-editor-phone');
    await command.setViewportSize(DESKTOP);
    await uniformDialog.getByRole('button', { name: 'Create uniform', exact: true }).click();
    await expect(command.getByText('Uniform created', { exact: true })).toBeVisible();
    await expect(uniformDialog).toBeHidden();
    const uniformCard = card(command, 'uniform-card', UNIFORM);
    await expect(uniformCard).toContainText('2 gear slots');
    await expect(uniformCard.getByTestId('attachment-chip')).toHaveText(['Name tape']);
    const cardImage = uniformCard.getByRole('img', { name: UNIFORM });
    await expectLoaded(cardImage);
    // The management card image is 140x180.
    expect(await cardImage.boundingBox()).toMatchObject({ width: 140, height: 180 });
    await snapBoth(command, 'uniform-management');

    // ——— A deputy sees the kit and the uniform ———
    const deputy = await openAs(browser, CASEY, '/structure/equipment');
    await expect(deputy.getByRole('heading', { level: 1, name: 'Equipment' })).toBeVisible();
    const seen = card(deputy, 'equipment-card', KIT);
    await expect(seen).toBeVisible();
    await expect(seen).toContainText('Allowed: 1 rank(s)');
    await expect(seen).toContainText('For forced entry on warrants.');
    await expect(seen.getByRole('listitem')).toHaveText(['Battering ram', 'Halligan bar']);
    await expectLoaded(seen.getByRole('img', { name: KIT }));
    await snapBoth(deputy, 'equipment-member');

    await deputy.goto('/structure/uniforms');
    await expect(deputy.getByRole('heading', { level: 1, name: 'Uniforms' })).toBeVisible();
    const worn = card(deputy, 'uniform-card', UNIFORM);
    await expect(worn).toBeVisible();
    await expect(worn.getByRole('group', { name: 'Eyewear' })).toContainText('Not specified');
    await expect(worn.getByRole('group', { name: 'Helmet' })).toContainText('Patrol cap');
    await expect(worn.getByRole('group', { name: 'Uniform' })).toContainText('Navy polo');
    await expect(worn.getByTestId('attachment-chip')).toHaveText(['Name tape']);
    await expectLoaded(worn.getByRole('img', { name: UNIFORM }));
    await snapBoth(deputy, 'uniforms-member');
    await deputy.context().close();

    // ——— A supervisor (another rank) does not see the kit ———
    const supervisor = await openAs(browser, SAM, '/structure/equipment');
    await expect(supervisor.getByRole('heading', { level: 1, name: 'Equipment' })).toBeVisible();
    await expect(supervisor.getByTestId('equipment-card').first()).toBeVisible();
    await expect(card(supervisor, 'equipment-card', KIT)).toHaveCount(0);
    await supervisor.context().close();

    // ——— Clean up: Delete asks first ———
    await command.goto('/command/equipment');
    await expect(card(command, 'equipment-card', KIT)).toBeVisible();
    await removeTestEntries(command, 'equipment-card', 'Equipment removed');
    await expect(card(command, 'equipment-card', KIT)).toHaveCount(0);
    await command.goto('/command/uniforms');
    await expect(card(command, 'uniform-card', UNIFORM)).toBeVisible();
    await removeTestEntries(command, 'uniform-card', 'Uniform removed');
    await expect(card(command, 'uniform-card', UNIFORM)).toHaveCount(0);
    await command.context().close();
  });
});
