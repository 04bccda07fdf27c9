/** The penal codes the tests of the code book, its search and the reports pick from. */

import type { PenalCatalogue } from '@/api/penal-codes';

type PenalCode = PenalCatalogue['items'][number];

/** PC 101 Assault: a misdemeanour with a fine range and a custody range. */
export const ASSAULT = {
  id: 'pc-101',
  statute: 'PC 101',
  title: 'Assault',
  description: 'Threatening violent injury.',
  category: 'Offenses Against Persons',
  classification: 'Misdemeanor',
  fineMin: 250,
  fineMax: 1000,
  custodyMin: 1,
  custodyMax: 6,
} satisfies PenalCode;

/** PC 103 Assault with a Deadly Weapon: a felony (open-ended ranges unless `overrides` close them). */
export function deadlyWeapon(overrides: Partial<PenalCode> = {}): PenalCode {
  return {
    id: 'pc-103',
    statute: 'PC 103',
    title: 'Assault with a Deadly Weapon',
    category: 'Offenses Against Persons',
    classification: 'Felony',
    ...overrides,
  };
}

/** VC 1 Speeding: a traffic infraction with a fine and no custody. */
export function speeding(overrides: Partial<PenalCode> = {}): PenalCode {
  return { id: 'vc-1', statute: 'VC 1', title: 'Speeding', category: 'Traffic', classification: 'Infraction', fineMax: 500, ...overrides };
}
