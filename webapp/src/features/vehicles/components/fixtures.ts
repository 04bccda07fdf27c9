/** Vehicle answers for the screens' tests. */

import type { RankOption, Vehicle, VehicleList } from '../api/vehicles';

export const RANKS: RankOption[] = [
  { id: 'p-dep', name: 'Deputy', level: 'deputy', departmentId: 'patrol', departmentName: 'Patrol Division' },
  { id: 'p-sgt', name: 'Sergeant', level: 'supervisor', departmentId: 'patrol', departmentName: 'Patrol Division' },
  { id: 'd-det', name: 'Detective', level: 'deputy', departmentId: 'detectives', departmentName: 'Detective Bureau' },
];

export const CRUISER: Vehicle = {
  id: 'veh-1',
  name: 'Stanier Cruiser',
  image: '',
  notes: 'The patrol workhorse.',
  departmentIds: [],
  allowedRanks: ['All'],
  variants: [
    { name: 'Patrol', liveries: [{ name: 'Marked', rankIds: ['All'] }, { name: 'Ghost', rankIds: ['p-sgt'] }] },
    { name: 'Interceptor', liveries: [] },
  ],
};

export const BUFFALO: Vehicle = {
  id: 'veh-2',
  name: 'Buffalo STX',
  image: '/media/catalogues/rawlife/buffalo.png',
  notes: '',
  departmentIds: [],
  allowedRanks: ['p-sgt', 'd-det'],
  variants: [{ name: 'Pursuit', liveries: [{ name: 'Slicktop', rankIds: ['p-sgt'] }] }],
};

export const SANCHEZ: Vehicle = {
  id: 'veh-3',
  name: 'Sanchez',
  image: '',
  notes: 'Trail bike.',
  departmentIds: [],
  allowedRanks: [],
  variants: [],
};

export function vehicleList(vehicles: Vehicle[], version = 3): VehicleList {
  return { vehicles, ranks: RANKS, version, updatedAt: null, updatedBy: null };
}
