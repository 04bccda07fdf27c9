import { describe, expect, it } from 'vitest';
import { rangeText, wholeIn } from './whole-range';

const HOURS = { min: 1, max: 48 };

describe('wholeIn', () => {
  it('takes a whole number inside the range, both ends included, typed or as text', () => {
    expect(wholeIn(1, HOURS)).toBe(1);
    expect(wholeIn(48, HOURS)).toBe(48);
    expect(wholeIn('12', HOURS)).toBe(12);
    expect(wholeIn(' 7 ', HOURS)).toBe(7);
  });

  it('refuses a blank field, text, a fraction and a number outside the range', () => {
    expect(wholeIn('', HOURS)).toBeNull();
    expect(wholeIn('  ', HOURS)).toBeNull();
    expect(wholeIn('abc', HOURS)).toBeNull();
    expect(wholeIn(2.5, HOURS)).toBeNull();
    expect(wholeIn('2.5', HOURS)).toBeNull();
    expect(wholeIn(0, HOURS)).toBeNull();
    expect(wholeIn(49, HOURS)).toBeNull();
    expect(wholeIn(-1, HOURS)).toBeNull();
  });
});

describe('rangeText', () => {
  it('says the range, with its unit when it has one', () => {
    expect(rangeText(HOURS)).toBe('1 to 48');
    expect(rangeText({ min: 1, max: 100 }, 'backups')).toBe('1 to 100 backups');
  });
});
