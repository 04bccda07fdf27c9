/** Uniform answers for the screens' tests. */

import type { Uniform } from '../api/uniforms';

/** The everyday patrol uniform: an image, some gear slots and two attachments, open to all ranks. */
export function classB(overrides: Partial<Uniform> = {}): Uniform {
  return {
    id: 'uni_1',
    name: 'Class B patrol',
    image: '/media/catalogues/rawlife/class-b.png',
    notes: 'Everyday patrol uniform.',
    allowedRanks: ['All'],
    gear: { helmet: 'None', uniform: 'Tan shirt\nGreen trousers', notes: 'Sleeves down.' },
    attachments: ['Name tape', 'Badge'],
    ...overrides,
  };
}
