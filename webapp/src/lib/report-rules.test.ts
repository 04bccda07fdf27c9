import { describe, expect, it } from 'vitest';
import { latestReportDay, reportDateProblem, reportDay, reportNumberProblem } from './report-rules';

// The cases of server/src/shared/report.rs (report_number, report_date).
const NUMBER = 'Case number must be a whole number from 1 to 999999999.';
const FORMAT = 'Arrest date must be a date such as 2026-11-20 or 2026-11-20T21:30.';
const RANGE = 'Arrest date must be between 2000-01-01 and today.';
const NOW = new Date('2026-11-20T23:30:00Z');

describe('report numbers', () => {
  it('accepts blank (the server gives the next number) and 1 to 999999999, leading zeros dropped', () => {
    for (const ok of ['', '  ', '1', '007', ' 42 ', '999999999', '000000000999999999']) {
      expect(reportNumberProblem('Case number', ok)).toBeNull();
    }
  });

  it('refuses anything else, naming the field', () => {
    for (const bad of ['0', '000', '1000000000', '9223372036854775807', '99999999999999999999999', '-1', '+1', '1.5', '12a', 'A-12', '1 2']) {
      expect(reportNumberProblem('Case number', bad)).toBe(NUMBER);
    }
    expect(reportNumberProblem('Citation number', 'x')).toBe('Citation number must be a whole number from 1 to 999999999.');
  });
});

describe('report dates', () => {
  it('reads a day, a day and time, seconds and RFC 3339', () => {
    expect(reportDay('2026-11-20')).toBe('2026-11-20');
    expect(reportDay('2026-11-20T21:30')).toBe('2026-11-20');
    expect(reportDay('2026-11-20T21:30:15')).toBe('2026-11-20');
    expect(reportDay('2026-11-20T21:30:15Z')).toBe('2026-11-20');
    expect(reportDay('2026-11-20T21:30:15.250+02:00')).toBe('2026-11-20');
    expect(reportDay(' 2026-11-20T21:30 ')).toBe('2026-11-20');
  });

  it('refuses days that do not exist and other text', () => {
    for (const bad of ['2026-02-30', '2026-13-01', '2026-00-10', '2026-11-20T24:00', '2026-11-20T21:60', '20/11/2026', 'yesterday', '2026-11-20T21:30Z', '2026-11-20T21:30:15.5', '2026-11-20 21:30']) {
      expect(reportDay(bad)).toBeNull();
    }
    expect(reportDay('2024-02-29')).toBe('2024-02-29');
  });

  it('the latest day is tomorrow in UTC', () => {
    expect(latestReportDay(NOW)).toBe('2026-11-21');
    expect(latestReportDay(new Date('2026-12-31T12:00:00Z'))).toBe('2027-01-01');
  });

  it('accepts 2000-01-01 to tomorrow; blank is left to the required rule', () => {
    for (const ok of ['', '2000-01-01', '2000-01-01T00:00', '2026-11-20T21:30', '2026-11-21T23:59']) {
      expect(reportDateProblem('Arrest date', ok, NOW)).toBeNull();
    }
  });

  it('refuses a date out of range or unreadable, naming the field', () => {
    expect(reportDateProblem('Arrest date', '1999-12-31T23:59', NOW)).toBe(RANGE);
    expect(reportDateProblem('Arrest date', '2026-11-22', NOW)).toBe(RANGE);
    expect(reportDateProblem('Arrest date', '0050-01-01', NOW)).toBe(RANGE);
    expect(reportDateProblem('Arrest date', '275760-09-13', NOW)).toBe(FORMAT);
    expect(reportDateProblem('Arrest date', 'soon', NOW)).toBe(FORMAT);
    expect(reportDateProblem('Ticket date', '2026-02-30', NOW)).toBe('Ticket date must be a date such as 2026-11-20 or 2026-11-20T21:30.');
  });
});
