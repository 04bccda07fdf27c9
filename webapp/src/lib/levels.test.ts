import { describe, expect, it } from 'vitest';
import { DEFAULT_LEVELS, navigationLevelOrder, normalizeLevels, titleCase } from './levels';

describe('titleCase', () => {
  it('title-cases ids', () => {
    expect(titleCase('high_command')).toBe('High Command');
    expect(titleCase('deputy')).toBe('Deputy');
    expect(titleCase('field-training officer')).toBe('Field Training Officer');
  });
});

describe('normalizeLevels', () => {
  it('accepts strings and objects with id or value', () => {
    expect(
      normalizeLevels(['Cadet', { id: 'officer', label: 'Officer I' }, { value: 'sergeant' }]),
    ).toEqual([
      { id: 'cadet', label: 'Cadet' },
      { id: 'officer', label: 'Officer I' },
      { id: 'sergeant', label: 'Sergeant' },
    ]);
  });

  it('trims and lowercases ids, drops duplicates and empty ids', () => {
    expect(
      normalizeLevels(['  Deputy ', 'deputy', '', '   ', { id: '' }, { label: 'No id' }, null, 'HIGH_COMMAND']),
    ).toEqual([
      { id: 'deputy', label: 'Deputy' },
      { id: 'high_command', label: 'High Command' },
    ]);
  });

  it('uses the title-cased id when the label is missing or blank', () => {
    expect(normalizeLevels([{ id: 'high_command', label: '  ' }])).toEqual([
      { id: 'high_command', label: 'High Command' },
    ]);
  });

  it('falls back to the default four levels', () => {
    const expected = [
      { id: 'deputy', label: 'Deputy' },
      { id: 'supervisor', label: 'Supervisor' },
      { id: 'command', label: 'Command' },
      { id: 'high_command', label: 'High Command' },
    ];
    expect(normalizeLevels([])).toEqual(expected);
    expect(normalizeLevels(undefined)).toEqual(expected);
    expect(normalizeLevels('deputy')).toEqual(expected);
    expect(normalizeLevels(['', { id: ' ' }])).toEqual(expected);
    expect(DEFAULT_LEVELS).toEqual(expected);
  });

  it('returns copies, never the shared defaults', () => {
    const levels = normalizeLevels([]);
    levels[0] = { id: 'x', label: 'X' };
    expect(DEFAULT_LEVELS[0]).toEqual({ id: 'deputy', label: 'Deputy' });
  });
});

describe('navigationLevelOrder', () => {
  it('appends no_level', () => {
    expect(navigationLevelOrder(DEFAULT_LEVELS)).toEqual([
      'deputy',
      'supervisor',
      'command',
      'high_command',
      'no_level',
    ]);
  });
});
