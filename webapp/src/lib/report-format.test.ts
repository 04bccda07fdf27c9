import { describe, expect, it } from 'vitest';
import {
  formatReportDate,
  isPrintKind,
  officerDetails,
  peopleSummary,
  PRINT_TITLES,
  printPath,
  reportIdOf,
} from './report-format';

const utc = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

describe('report display', () => {
  it('formats form dates and timestamps, keeps other text, dashes blanks', () => {
    expect(formatReportDate('2026-11-20T21:30:00Z', utc)).toBe('20 Nov 2026, 21:30');
    expect(formatReportDate('last night')).toBe('last night');
    expect(formatReportDate('')).toBe('—');
    expect(formatReportDate(null)).toBe('—');
    expect(formatReportDate('  ')).toBe('—');
    // A date alone is that day in every time zone.
    expect(formatReportDate('2026-11-20')).toBe('20 Nov 2026');
    // A form value is local time.
    const local = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
    expect(formatReportDate('2026-11-20T21:30', local)).toBe('20 Nov 2026, 21:30');
  });

  it('lists the people of a report', () => {
    expect(peopleSummary([{ name: 'Casey Nguyen' }, { name: ' ' }, { name: 'Sam Whitaker ' }])).toBe('Casey Nguyen, Sam Whitaker');
    expect(peopleSummary([])).toBe('—');
    expect(officerDetails({ name: 'Casey', rank: 'Deputy', callsign: 'b 7' })).toBe('Deputy · B-07');
    expect(officerDetails({ name: 'Casey', rank: '', callsign: '' })).toBe('');
  });

  it('addresses the printable view of each kind', () => {
    expect(printPath('use-of-force', 12)).toBe('/reports/print/use-of-force/12');
    expect(isPrintKind('arrest')).toBe(true);
    expect(isPrintKind('ticket')).toBe(true);
    expect(isPrintKind('uof')).toBe(false);
    expect(isPrintKind(undefined)).toBe(false);
    expect(PRINT_TITLES['use-of-force']).toBe('Use of Force Report');
    expect(reportIdOf('12')).toBe(12);
    expect(reportIdOf('0')).toBeNull();
    expect(reportIdOf('1e3')).toBeNull();
    expect(reportIdOf(undefined)).toBeNull();
  });
});
