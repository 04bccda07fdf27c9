import { beforeEach, describe, expect, it } from 'vitest';
import type { components } from '@/api/schema';
import { renderApp, resetAppStores } from '@/test-utils/app';
import { json, rosterEntry, signedIn } from '@/test-utils/fixtures';
import { itShowsListStates, serveMemberList } from '@/test-utils/member-list';
import { screen, within } from '@/test-utils/render';
import { patrolLoadout } from './fixtures';

type EquipmentList = components['schemas']['EquipmentList'];

const DEPUTY = signedIn(rosterEntry());

const LIST: EquipmentList = {
  equipment: [
    patrolLoadout({ image: '/media/catalogues/rawlife/kit.png' }),
    {
      id: 'eq_2',
      name: 'Deputy kit',
      image: '',
      notes: '',
      allowedRanks: ['patrol-deputy', 'patrol-sgt'],
      categories: [],
    },
    { id: 'eq_3', name: 'Open kit', allowedRanks: [], categories: [{ name: '', items: ['Flashlight'] }] },
  ],
  ranks: [],
  version: 3,
};

const serve = (answer: () => Response) => serveMemberList('/api/equipment', answer, DEPUTY);

describe('EquipmentPage', { timeout: 20_000 }, () => {
  beforeEach(resetAppStores);

  it('lists each template with image, name, allowed ranks, notes and its sections', async () => {
    const server = serve(() => json(LIST));
    renderApp('/structure/equipment');
    expect(await screen.findByRole('heading', { level: 1, name: 'Equipment' })).toBeTruthy();
    const cards = await screen.findAllByTestId('equipment-card');
    expect(cards).toHaveLength(3);

    const [patrol, deputy, open] = cards as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(patrol).getByRole('heading', { name: 'Patrol loadout' })).toBeTruthy();
    expect(within(patrol).getByRole('img', { name: 'Patrol loadout' }).getAttribute('src')).toBe(
      '/media/catalogues/rawlife/kit.png',
    );
    expect(patrol.textContent).toContain('Allowed: All ranks');
    expect(within(patrol).getByText('Issued to every sworn member.')).toBeTruthy();
    expect(within(patrol).getByText('Weapons')).toBeTruthy();
    expect(within(patrol).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Service pistol',
      'Taser X2',
      'Radio',
    ]);

    expect(deputy.textContent).toContain('Allowed: 2 rank(s)');
    expect(within(deputy).queryByRole('img')).toBeNull();
    expect(within(deputy).getByText('No items listed.')).toBeTruthy();
    // An empty rank list means every rank.
    expect(open.textContent).toContain('Allowed: All ranks');
    expect(within(open).getByText('Items')).toBeTruthy();

    const calls = server.requests.filter((r) => r.url.startsWith('/api/equipment'));
    expect(calls.every((r) => !r.url.includes('scope=manage'))).toBe(true);
  });

  itShowsListStates({ route: '/structure/equipment', path: '/api/equipment', empty: { body: { ...LIST, equipment: [] }, testId: 'equipment-empty', text: 'No equipment yet' }, unavailable: 'Equipment unavailable', failed: 'Failed to load equipment' });
});
