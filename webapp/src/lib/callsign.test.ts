import { describe, expect, it } from 'vitest';
import { formatCallsign } from './callsign';

describe('formatCallsign', () => {
  it('normalises letters, dash and at least two digits', () => {
    expect(formatCallsign('b12')).toBe('B-12');
    expect(formatCallsign('L-5')).toBe('L-05');
    expect(formatCallsign('BCSO 7')).toBe('BCSO-07');
    expect(formatCallsign('R-103')).toBe('R-103');
  });

  it('leaves other values alone', () => {
    expect(formatCallsign(' 12 ')).toBe('12');
    expect(formatCallsign('Unit X')).toBe('Unit X');
    expect(formatCallsign(null)).toBe('');
  });
});
