import { describe, expect, it } from 'vitest';
import {
  emptyEvidence,
  emptyWitness,
  evidenceErrors,
  evidenceValues,
  isBadLink,
  localDateTime,
  officerErrors,
  rowKey,
  witnessValues,
} from './report-rows';

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

  it('needs one named officer: the error on the first name that can be typed, else on the list', () => {
    const row = (name: string, locked = false) => ({ name, locked });
    expect(officerErrors([row('Casey', true)], 'officers')).toEqual({});
    expect(officerErrors([row(''), row(' Ann ')], 'officers')).toEqual({});
    expect(officerErrors([row(' ', true), row('')], 'deputies')).toEqual({ 'deputies.1.name': 'Add at least one officer with a name.' });
    expect(officerErrors([], 'officers')).toEqual({ officers: 'Add at least one officer with a name.' });
  });

  it('marks evidence rows the server refuses: a label without a link, a link that is not http(s)', () => {
    const row = (label: string, url: string) => ({ ...emptyEvidence(), label, url });
    expect(evidenceErrors([row('', ''), row('Cam', 'https://x.test'), row('Cam', ''), row('', 'ftp://x.test')])).toEqual({
      'evidence.2.url': 'Evidence links must be http(s) URLs.',
      'evidence.3.url': 'Evidence links must be http(s) URLs.',
    });
  });
});
