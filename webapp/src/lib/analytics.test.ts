import { describe, expect, it } from 'vitest';
import { csvField, csvName, hoursText, periodOf, periodQuery, rateText, toCsv, utcToday } from './analytics';

describe('analytics periods', () => {
  it('counts a preset back from today, today included', () => {
    const none = { from: null, to: null };
    expect(periodOf('30', '2026-11-25', none)).toEqual({ from: '2026-10-27', to: '2026-11-25' });
    expect(periodOf('90', '2026-11-25', none)).toEqual({ from: '2026-08-28', to: '2026-11-25' });
    expect(periodOf('365', '2026-03-01', none)).toEqual({ from: '2025-03-02', to: '2026-03-01' });
    expect(periodOf('30', '2026-03-01', none)).toEqual({ from: '2026-01-31', to: '2026-03-01' });
  });

  it('takes the custom days as picked, and none while one is missing', () => {
    expect(periodOf('custom', '2026-11-25', { from: '2026-01-01', to: '2026-02-01' })).toEqual({ from: '2026-01-01', to: '2026-02-01' });
    // The server judges the order and the length (and says why).
    expect(periodOf('custom', '2026-11-25', { from: '2026-02-01', to: '2026-01-01' })).toEqual({ from: '2026-02-01', to: '2026-01-01' });
    expect(periodOf('custom', '2026-11-25', { from: '2026-01-01', to: null })).toBeNull();
    expect(periodOf('custom', '2026-11-25', { from: null, to: null })).toBeNull();
  });

  it('builds the query with the department only when one is picked', () => {
    const period = { from: '2026-10-27', to: '2026-11-25' };
    expect(periodQuery(period, null)).toBe('from=2026-10-27&to=2026-11-25');
    expect(periodQuery(period, 'patrol division')).toBe('from=2026-10-27&to=2026-11-25&department=patrol+division');
  });

  it('reads today in UTC', () => {
    expect(utcToday(new Date('2026-11-25T23:30:00-05:00'))).toBe('2026-11-26');
  });
});

describe('analytics CSV', () => {
  it('quotes fields with commas, quotes, line breaks or edge spaces', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(' padded')).toBe('" padded"');
    expect(csvField(3.5)).toBe('3.5');
    expect(csvField(0)).toBe('0');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
  });

  it('writes the header and one CRLF line per row', () => {
    expect(
      toCsv(
        ['Week', 'Hours', 'By department'],
        [
          ['2026-W47', 12.5, 'Patrol: 10; Traffic, K9: 2.5'],
          ['2026-W48', 0, null],
        ],
      ),
    ).toBe('Week,Hours,By department\r\n2026-W47,12.5,"Patrol: 10; Traffic, K9: 2.5"\r\n2026-W48,0,\r\n');
    expect(toCsv(['A'], [])).toBe('A\r\n');
  });

  it('names the file by section and period', () => {
    expect(csvName('reports', { from: '2026-10-27', to: '2026-11-25' })).toBe('analytics-reports-2026-10-27-2026-11-25.csv');
  });

  it('formats hours and rates', () => {
    expect(hoursText(12.345)).toBe('12.3 h');
    expect(hoursText(null)).toBe('—');
    expect(rateText(0.125)).toBe('12.5%');
    expect(rateText(undefined)).toBe('—');
  });
});
