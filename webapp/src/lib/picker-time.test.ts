import { describe, expect, it } from 'vitest';
import { isoOf, pickerValueOf } from './picker-time';

describe('picker times', () => {
  it('converts a time between the picker and the API', () => {
    const iso = isoOf('2026-03-12 18:30:00');
    expect(iso).not.toBeNull();
    expect(pickerValueOf(iso)).toBe('2026-03-12 18:30:00');
    expect(isoOf('')).toBeNull();
    expect(isoOf(null)).toBeNull();
    expect(isoOf('not a date')).toBeNull();
    expect(pickerValueOf(null)).toBeNull();
    expect(pickerValueOf('garbage')).toBeNull();
  });
});
