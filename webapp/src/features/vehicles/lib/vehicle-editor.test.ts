import { describe, expect, it } from 'vitest';
import {
  draftOf,
  draftErrors,
  liveryCount,
  newLivery,
  newVariant,
  variantCount,
  vehicleOf,
  withoutVehicle,
  withVehicle,
  type VehicleValue,
} from './vehicle-editor';

const CRUISER: VehicleValue = {
  id: 'veh-1',
  name: 'Cruiser',
  image: '/media/a.png',
  notes: 'Patrol car',
  departmentIds: ['patrol'],
  allowedRanks: ['p-dep'],
  requiredQualifications: ['2'],
  variants: [{ name: 'Interceptor', liveries: [{ name: 'Marked', rankIds: ['All'], requiredQualifications: ['5'] }] }],
};

describe('the vehicle form', () => {
  it('starts a new vehicle open to all ranks without variants', () => {
    const draft = draftOf(null);
    expect(vehicleOf(draft)).toEqual({
      id: '',
      name: '',
      image: '',
      notes: '',
      departmentIds: [],
      allowedRanks: ['All'],
      requiredQualifications: [],
      variants: [],
    });
  });

  it('gives back the vehicle it was opened with, departments and required qualifications kept', () => {
    expect(vehicleOf(draftOf(CRUISER))).toEqual(CRUISER);
    expect(vehicleOf(draftOf({ name: 'Bare' }))).toEqual({
      id: '',
      name: 'Bare',
      image: '',
      notes: '',
      departmentIds: [],
      allowedRanks: [],
      requiredQualifications: [],
      variants: [],
    });
  });

  it('trims text and drops blank rank ids', () => {
    const draft = draftOf(CRUISER);
    draft.name = '  Cruiser 2 ';
    draft.notes = ' x ';
    draft.allowedRanks = [' p-dep ', ''];
    const variant = draft.variants[0];
    const livery = variant?.liveries[0];
    if (variant === undefined || livery === undefined) throw new Error('no variant');
    variant.name = ' Slick ';
    livery.name = ' Ghost ';
    const saved = vehicleOf(draft);
    expect(saved.name).toBe('Cruiser 2');
    expect(saved.notes).toBe('x');
    expect(saved.allowedRanks).toEqual(['p-dep']);
    expect(saved.variants).toEqual([{ name: 'Slick', liveries: [{ name: 'Ghost', rankIds: ['All'], requiredQualifications: ['5'] }] }]);
  });

  it("refuses a blank name ('Vehicle name is required') and unnamed variants or liveries, each under its field", () => {
    const draft = draftOf(null);
    draft.name = '   ';
    expect(draftErrors(draft)).toEqual({ name: 'Vehicle name is required' });
    draft.name = 'Bike';
    expect(draftErrors(draft)).toEqual({});
    const variant = newVariant();
    draft.variants.push(variant);
    expect(draftErrors(draft)).toEqual({ 'variants.0.name': 'Each variant needs a name.' });
    variant.name = 'Sport';
    const livery = newLivery();
    variant.liveries.push(livery, newLivery());
    livery.name = 'Plain';
    expect(draftErrors(draft)).toEqual({ 'variants.0.liveries.1.name': 'Each livery needs a name.' });
    variant.liveries.pop();
    expect(draftErrors(draft)).toEqual({});
    expect(livery.rankIds).toEqual(['All']);
  });
});

describe('whole-list edits', () => {
  const other: VehicleValue = { id: 'veh-2', name: 'Bike' };

  it('replaces a vehicle by id, or adds a new one at the end', () => {
    const edited = { ...CRUISER, name: 'Cruiser II' };
    expect(withVehicle([CRUISER, other], edited)).toEqual([edited, other]);
    const fresh = { id: '', name: 'Van' };
    expect(withVehicle([CRUISER, other], fresh)).toEqual([CRUISER, other, fresh]);
    // Removed by someone else meanwhile: saved again at the end.
    expect(withVehicle([other], edited)).toEqual([other, edited]);
  });

  it('removes a vehicle by id', () => {
    expect(withoutVehicle([CRUISER, other], 'veh-1')).toEqual([other]);
  });
});

describe('counts', () => {
  it('counts liveries and variants', () => {
    expect(liveryCount(0)).toBe('0 liveries');
    expect(liveryCount(1)).toBe('1 livery');
    expect(liveryCount(3)).toBe('3 liveries');
    expect(variantCount(1)).toBe('1 variant');
    expect(variantCount(2)).toBe('2 variants');
  });
});
