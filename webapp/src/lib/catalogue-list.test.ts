import { describe, expect, it } from 'vitest';
import { countText, withEntry, withoutEntry } from './catalogue-list';

const A: { id?: string; name: string } = { id: 'a', name: 'A' };
const B = { id: 'b', name: 'B' };

describe('withEntry', () => {
  it('replaces the entry with the same id in place', () => {
    expect(withEntry([A, B], { id: 'a', name: 'A2' })).toEqual([{ id: 'a', name: 'A2' }, B]);
  });

  it('appends a new entry (blank id) and one that is no longer listed', () => {
    expect(withEntry([A], { id: '', name: 'New' })).toEqual([A, { id: '', name: 'New' }]);
    expect(withEntry([A], { name: 'No id' })).toEqual([A, { name: 'No id' }]);
    expect(withEntry([A], B)).toEqual([A, B]);
  });

  it('leaves the given list alone', () => {
    const list = [A];
    withEntry(list, B);
    expect(list).toEqual([A]);
  });
});

describe('withoutEntry', () => {
  it('drops the entry with that id only', () => {
    expect(withoutEntry([A, B], 'a')).toEqual([B]);
    expect(withoutEntry([A, B], 'zz')).toEqual([A, B]);
  });
});

describe('countText', () => {
  it('uses the plural unless the count is one', () => {
    expect(countText(0, 'section')).toBe('0 sections');
    expect(countText(1, 'section')).toBe('1 section');
    expect(countText(3, 'gear slot')).toBe('3 gear slots');
    expect(countText(2, 'entry', 'entries')).toBe('2 entries');
  });
});
