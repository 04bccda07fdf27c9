import { describe, expect, it } from 'vitest';
import { emptyEvidence, emptyWitness, evidenceValues, isBadLink, localDateTime, rowKey, witnessValues } from './report-rows';

describe('report rows', () => {
  it('gives every row its own key', () => {
    expect(rowKey('x')).not.toBe(rowKey('x'));
    expect(emptyWitness().key).not.toBe(emptyEvidence().key);
  });

  it('accepts http(s) links and blanks only', () => {
    expect(isBadLink('https://x.test')).toBe(false);
    expect(isBadLink('http://x.test/a?b=1')).toBe(false);
    expect(isBadLink('  ')).toBe(false);
    expect(isBadLink('ftp://x.test')).toBe(true);
    expect(isBadLink('javascript:alert(1)')).toBe(true);
    expect(isBadLink('not a url')).toBe(true);
  });

  it('trims rows and drops blank ones', () => {
    expect(
      witnessValues([
        { key: 'a', name: ' Ann ', contact: '' },
        { key: 'b', name: ' ', contact: ' ' },
      ]),
    ).toEqual([{ name: 'Ann', contact: '' }]);
    expect(
      evidenceValues([
        { key: 'a', label: '', url: ' https://x.test ' },
        { key: 'b', label: '', url: '' },
      ]),
    ).toEqual([{ label: '', url: 'https://x.test' }]);
  });

  it('writes a local date and time as a datetime-local input holds it', () => {
    expect(localDateTime(new Date(2026, 0, 2, 3, 4))).toBe('2026-01-02T03:04');
  });
});
