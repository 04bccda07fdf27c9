import { describe, expect, it } from 'vitest';
import { nextBefore, withParams } from './paging';

describe('nextBefore', () => {
  it('reads the before of the next link', () => {
    expect(nextBefore('</api/arrests?status=pending&limit=50&before=41>; rel="next"')).toBe(41);
  });

  it('finds the next link among others', () => {
    expect(nextBefore('</api/uof?before=9>; rel="prev", </api/uof?limit=2&before=5>; rel="next"')).toBe(5);
  });

  it('is null on the last page or for a link it cannot read', () => {
    expect(nextBefore(null)).toBeNull();
    expect(nextBefore('')).toBeNull();
    expect(nextBefore('</api/uof?before=9>; rel="prev"')).toBeNull();
    expect(nextBefore('</api/uof?before=soon>; rel="next"')).toBeNull();
    expect(nextBefore('</api/uof>; rel="next"')).toBeNull();
    expect(nextBefore('<unterminated; rel=next')).toBeNull();
  });
});

describe('withParams', () => {
  it('leaves out what is not given', () => {
    expect(withParams('/api/uof', { status: null, limit: 50, before: undefined })).toBe('/api/uof?limit=50');
    expect(withParams('/api/uof', {})).toBe('/api/uof');
  });

  it('encodes values', () => {
    expect(withParams('/api/arrests', { status: 'under review', before: 12 })).toBe('/api/arrests?status=under+review&before=12');
  });
});
