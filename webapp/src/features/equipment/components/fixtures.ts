/** Equipment answers for the screens' tests. */

import type { Equipment } from '../api/equipment';

/** The loadout every sworn member gets: two sections, open to all ranks. */
export function patrolLoadout(overrides: Partial<Equipment> = {}): Equipment {
  return {
    id: 'eq_1',
    name: 'Patrol loadout',
    image: '',
    notes: 'Issued to every sworn member.',
    allowedRanks: ['All'],
    categories: [
      { name: 'Weapons', items: ['Service pistol', 'Taser X2'] },
      { name: 'Gear', items: ['Radio'] },
    ],
    ...overrides,
  };
}
