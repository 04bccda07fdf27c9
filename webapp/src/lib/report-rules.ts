/**
 * The server's rules for report numbers and dates (server/src/shared/report.rs, issue 19), so
 * that the report forms mark a bad number or date before sending. The messages are the
 * server's own; the server still has the last word. Pure.
 */

/** The largest number a filer may give a report (nine digits). */
export const MAX_REPORT_NUMBER = 999_999_999;

/** The earliest date a report may carry. */
export const EARLIEST_REPORT_DATE = '2000-01-01';

/**
 * Why a typed report number would be refused, or null: blank is fine (the server gives the
 * next number), otherwise a whole number from 1 to 999,999,999 (leading zeros dropped).
 * `field` names the number as the server does ('Case number', 'Incident number', 'Citation
 * number').
 */
export function reportNumberProblem(field: string, raw: string): string | null {
  const text = raw.trim();
  if (text === '') return null;
  const digits = text.replace(/^0+/, '');
  if (/^\d+$/.test(text) && digits.length >= 1 && digits.length <= 9) return null;
  return `${field} must be a whole number from 1 to ${String(MAX_REPORT_NUMBER)}.`;
}

/** A day, then a time (hours and minutes, seconds, then a fraction and an offset: RFC 3339). */
const DATE_TEXT = /^(\d{4})-(\d{2})-(\d{2})(?:[Tt](\d{2}):(\d{2})(?::(\d{2})(?:(?:\.\d+)?(?:[Zz]|[+-]\d{2}:\d{2}))?)?)?$/;

/** 'YYYY-MM-DD' of a calendar day (UTC). */
function dayText(year: number, month: number, day: number): string {
  const date = new Date(0);
  // setUTCFullYear, unlike Date.UTC, keeps the years 0 to 99 as they are.
  date.setUTCFullYear(year, month - 1, day);
  return date.toISOString().slice(0, 10);
}

/**
 * The day a report's date falls on ('2026-11-20'), or null when it is not a real date in a
 * form the server reads: '2026-11-20', '2026-11-20T21:30', with seconds, or RFC 3339.
 */
export function reportDay(raw: string): string | null {
  const match = DATE_TEXT.exec(raw.trim());
  if (match === null) return null;
  const [, y, m, d, hh, mm, ss] = match;
  const year = Number(y);
  const month = Number(m);
  const day = Number(d);
  const text = `${y ?? ''}-${m ?? ''}-${d ?? ''}`;
  // A day that does not exist (2026-02-30) comes back as another one.
  if (month < 1 || month > 12 || day < 1 || dayText(year, month, day) !== text) return null;
  if (hh !== undefined && (Number(hh) > 23 || Number(mm) > 59)) return null;
  if (ss !== undefined && Number(ss) > 60) return null;
  return text;
}

/** The latest day a report may carry: the day after `now` in UTC (a filer ahead of UTC may be there). */
export function latestReportDay(now: Date): string {
  return dayText(now.getUTCFullYear(), now.getUTCMonth() + 1, now.getUTCDate() + 1);
}

/**
 * Why a report's date would be refused, or null (blank too: each form says in its own words
 * that the date is required). `field` names it as the server does ('Arrest date', 'Incident
 * date', 'Ticket date').
 */
export function reportDateProblem(field: string, raw: string, now: Date): string | null {
  if (raw.trim() === '') return null;
  const day = reportDay(raw);
  if (day === null) return `${field} must be a date such as 2026-11-20 or 2026-11-20T21:30.`;
  if (day < EARLIEST_REPORT_DATE || day > latestReportDay(now)) {
    return `${field} must be between ${EARLIEST_REPORT_DATE} and today.`;
  }
  return null;
}

/** Every report's refusal of a blank location (server/src/shared/report.rs). */
export const LOCATION_REQUIRED = 'Location is required.';

/** A report form's number or date: where the form keeps it, and its name in the server's messages. */
export interface HeadField<F> {
  field: keyof F & string;
  label: string;
}

/**
 * The refusals of a report form's head (§5), by field: the number (blank, or 1 to
 * 999,999,999), the date (`dateRequired` when blank; real, from 2000-01-01 to tomorrow) and
 * the location (required).
 */
export function reportHeadErrors<F extends { location: string }>(
  form: F,
  now: Date,
  { number, date, dateRequired }: { number: HeadField<F>; date: HeadField<F>; dateRequired: string },
): Record<string, string> {
  const errors: Record<string, string> = {};
  const numberProblem = reportNumberProblem(number.label, String(form[number.field]));
  if (numberProblem !== null) errors[number.field] = numberProblem;
  const dateValue = String(form[date.field]);
  const dateProblem = dateValue.trim() === '' ? dateRequired : reportDateProblem(date.label, dateValue, now);
  if (dateProblem !== null) errors[date.field] = dateProblem;
  if (form.location.trim() === '') errors.location = LOCATION_REQUIRED;
  return errors;
}
