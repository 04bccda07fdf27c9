import { describe, expect, it } from 'vitest';
import { insigniaUrl } from './insignia';

describe('insigniaUrl', () => {
  it('serves insignia under /insignia/', () => {
    expect(insigniaUrl('deputy.png')).toBe('/insignia/deputy.png');
    expect(insigniaUrl('a b.png')).toBe('/insignia/a%20b.png');
  });
});
