import { expect, test, type Locator, type Page } from '@playwright/test';
import { type DemoAccount, DESKTOP, expectNoSidewaysScroll, openAs, PHONE, snap, snapView } from './helpers';

// Issue 21, defect 6: the management cards keep 'Allowed: N rank(s)' and name the ranks under
// it ('All ranks except Cadet' when shorter); same-named ranks of different departments show
// their department, on the cards and in the rank chips. On LSPD (seed-demo), where 'Sergeant'
// is a rank of Mission Row Patrol: the test adds a 'Sergeant' to Vespucci Division and gives
// the Scout every rank but Cadet, and puts both back as they were (also after a failure).
const LSPD = 'Los Santos Police Department';
const LSPD_HIGH_COMMAND: DemoAccount = { discordId: '300000000000000001', username: 'alexmercer.lspd', name: 'Alex Mercer', agency: LSPD };
const Q = 'agency=lspd';

interface Rank {
  id: string;
  name: string;
  departmentName: string;
}
interface Vehicle {
  id: string;
  name: string;
  allowedRanks: string[];
}
interface VehicleList {
  vehicles: Vehicle[];
  ranks: Rank[];
  version: number;
}
interface StructureAnswer {
  departments: { id: string; name: string; ranks: { id: string; name: string }[] }[];
}

const BUFFALO = 'Bravado Buffalo STX';
const SCOUT = 'Vapid Scout (unmarked)';

async function vehicles(page: Page): Promise<VehicleList> {
  const answer = await page.request.get(`/api/vehicles?scope=manage&${Q}`);
  expect(answer.ok()).toBe(true);
  return (await answer.json()) as VehicleList;
}

async function saveVehicles(page: Page, change: (list: Vehicle[]) => Vehicle[]): Promise<void> {
  const current = await vehicles(page);
  const saved = await page.request.put(`/api/vehicles?${Q}`, {
    data: { vehicles: change(current.vehicles), version: current.version },
  });
  expect(saved.ok()).toBe(true);
}

function card(page: Page, name: string): Locator {
  return page.getByTestId('vehicle-card').filter({ has: page.getByRole('heading', { name, exact: true }) });
}

/**
 * The card of an entry for the supervisors and up (Mission Row's Sergeant among them, not the
 * added one): 'Allowed: N rank(s)' as the spec says, then N names, the Sergeant with its department.
 */
async function expectSupervisorsNamed(entry: Locator, count: number): Promise<void> {
  await expect(entry.getByText(`Allowed: ${String(count)} rank(s)`)).toBeVisible();
  const names = entry.getByTestId('allowed-rank-names');
  await expect(names).toContainText('Sergeant · Mission Row Patrol');
  await expect(names).toContainText('Vespucci Sergeant');
  await expect(names).not.toContainText('Sergeant · Vespucci Division');
  expect((await names.innerText()).split(', ')).toHaveLength(count);
}

test.describe('allowed rank names (issue 21, defect 6)', () => {
  test('the cards name the allowed ranks and the chips tell the two Sergeants apart', async ({ browser }) => {
    test.setTimeout(90_000);
    const page = await openAs(browser, LSPD_HIGH_COMMAND, `/command/vehicles?${Q}`);
    const original = await vehicles(page);
    const structure = (await (await page.request.get(`/api/structure?${Q}`)).json()) as StructureAnswer;
    const vespucci = structure.departments.find((dept) => dept.name === 'Vespucci Division');
    if (vespucci === undefined) throw new Error('no Vespucci Division');
    let added: string | null = null;
    try {
      const created = await page.request.post(`/api/structure?${Q}`, {
        data: { type: 'ranks', parentId: vespucci.id, data: { ranks: [{ name: 'Sergeant', level: 'supervisor' }] } },
      });
      expect(created.ok()).toBe(true);
      const after = (await created.json()) as StructureAnswer;
      added =
        after.departments
          .find((dept) => dept.id === vespucci.id)
          ?.ranks.find((rank) => rank.name === 'Sergeant')?.id ?? null;
      expect(added).not.toBeNull();
      // The Buffalo, the Supervisor kit and the Tactical uniform are for the supervisors and up (seed-demo).
      const supervisors = original.vehicles.find((vehicle) => vehicle.name === BUFFALO)?.allowedRanks.length ?? 0;
      expect(supervisors).toBeGreaterThan(1);
      // The Scout: every rank of today but Cadet.
      const cadet = original.ranks.find((rank) => rank.name === 'Cadet');
      if (cadet === undefined) throw new Error('no Cadet');
      const allButCadet = (await vehicles(page)).ranks.map((rank) => rank.id).filter((id) => id !== cadet.id);
      await saveVehicles(page, (list) =>
        list.map((vehicle) => (vehicle.name === SCOUT ? { ...vehicle, allowedRanks: allButCadet } : vehicle)),
      );

      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Vehicle management' })).toBeVisible();
      for (const [size, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
        await page.setViewportSize(viewport);
        // The spec's summary stays; the names follow under it.
        const buffalo = card(page, BUFFALO);
        await expectSupervisorsNamed(buffalo, supervisors);
        const scout = card(page, SCOUT);
        await expect(scout.getByTestId('vehicle-allowed')).toHaveText(`Allowed: ${String(allButCadet.length)} rank(s)`);
        await expect(scout.getByTestId('allowed-rank-names')).toHaveText('All ranks except Cadet');
        await expect(card(page, 'Maibatsu Sanchez').getByTestId('allowed-rank-names')).toHaveCount(0);
        // The names wrap inside the card.
        const [line, box] = [await buffalo.getByTestId('allowed-rank-names').boundingBox(), await buffalo.boundingBox()];
        expect(line !== null && box !== null && line.x + line.width <= box.x + box.width).toBe(true);
        await page.evaluate(() => { window.scrollTo(0, 0); });
        await expectNoSidewaysScroll(page);
        await snap(page, `rank-names-vehicles-${size}`);

        // The editor's chips: both Sergeants, each with its department.
        await buffalo.getByRole('button', { name: `Edit vehicle ${BUFFALO}` }).click();
        const dialog = page.getByRole('dialog', { name: `Edit ${BUFFALO}` });
        const access = dialog.getByRole('group', { name: 'Vehicle access', exact: true });
        await expect(access.getByRole('checkbox', { name: 'Sergeant · Mission Row Patrol', exact: true })).toBeChecked();
        await expect(access.getByRole('checkbox', { name: 'Sergeant · Vespucci Division', exact: true })).not.toBeChecked();
        await expect(access.getByRole('checkbox', { name: 'Sergeant', exact: true })).toHaveCount(0);
        await expect(access.getByRole('checkbox', { name: 'Vespucci Sergeant', exact: true })).toBeChecked();
        await expectNoSidewaysScroll(page);
        await snapView(page, `rank-names-vehicle-chips-${size}`);
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        await expect(dialog).toBeHidden();
      }

      // Equipment and uniforms management name them the same way.
      for (const [path, title, testId, entry] of [
        ['/command/equipment', 'Equipment management', 'equipment-card', 'Supervisor kit'],
        ['/command/uniforms', 'Uniform management', 'uniform-card', 'Tactical'],
      ] as const) {
        await page.goto(`${path}?${Q}`);
        await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
        const entryCard = page.getByTestId(testId).filter({ has: page.getByRole('heading', { name: entry, exact: true }) });
        await expectSupervisorsNamed(entryCard, supervisors);
        for (const [size, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
          await page.setViewportSize(viewport);
          await page.evaluate(() => { window.scrollTo(0, 0); });
          await expectNoSidewaysScroll(page);
          await snap(page, `rank-names-${testId}-${size}`);
        }
        await page.setViewportSize(DESKTOP);
      }
    } finally {
      await saveVehicles(page, () => original.vehicles);
      if (added !== null) expect((await page.request.delete(`/api/structure/${added}?${Q}`)).ok()).toBe(true);
      await page.context().close();
    }
  });
});
