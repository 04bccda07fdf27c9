import { expect, test,  } from '@playwright/test';
import { ALEX, drag, signIn, snap } from './helpers';

interface StructureAnswer {
  departments: { id: string; name: string; ranks: { id: string; name: string }[] }[];
}

test.describe('department management', () => {
  test('High Command drags a rank of Patrol Division and the order survives a reload', async ({ page }) => {
    await page.goto('/command/department');
    await signIn(page, ALEX);
    await expect(page.getByRole('heading', { level: 1, name: 'Command - Department Management' })).toBeVisible();

    const answer = await page.request.get('/api/structure');
    expect(answer.ok()).toBe(true);
    const patrol = ((await answer.json()) as StructureAnswer).departments.find((dept) => dept.name === 'Patrol Division');
    if (patrol === undefined) throw new Error('no Patrol Division');
    const original = patrol.ranks.map((rank) => rank.id);
    const names = patrol.ranks.map((rank) => rank.name);
    expect(names.slice(0, 4)).toEqual(['Lieutenant', 'Sergeant', 'Deputy', 'Recruit']);

    const card = page.getByRole('region', { name: 'Patrol Division', exact: true });
    const rankNames = card.getByTestId('rank-name');
    await expect(rankNames).toHaveText(names);
    await expect(card
        .getByTestId('rank-row')
        .filter({ has: page.getByTestId('rank-name').getByText('Deputy', { exact: true }) })
        .getByTestId('rank-callsigns')).toHaveText(
      'A - 100 • 199',
    );
    await snap(page, 'department-management');

    try {
      // The last rank (Recruit) onto the first (Lieutenant).
      const last = names[names.length - 1] ?? '';
      const expected = [last, ...names.slice(0, -1)];
      const saved = page.waitForResponse(
        (response) => response.url().includes('/api/structure/reorder') && response.request().method() === 'POST',
      );
      await drag(page, card.getByRole('button', { name: `Drag ${last}` }), card.getByRole('button', { name: `Drag ${names[0] ?? ''}` }));
      expect((await saved).ok()).toBe(true);
      await expect(rankNames).toHaveText(expected);

      await page.reload();
      await expect(page.getByRole('region', { name: 'Patrol Division', exact: true }).getByTestId('rank-name')).toHaveText(
        expected,
      );
      await snap(page, 'department-rank-reordered');
    } finally {
      // Restore the seeded order for the other tests (Alex's session).
      const restored = await page.request.post('/api/structure/reorder', {
        data: { departmentId: patrol.id, type: 'ranks', orderedIds: original },
      });
      expect(restored.ok()).toBe(true);
    }
    await page.reload();
    await expect(page.getByRole('region', { name: 'Patrol Division', exact: true }).getByTestId('rank-name')).toHaveText(names);
  });
});
