/**
 * Calendar days as the API sends them ('2026-12-01', no time or zone) and as people read them
 * ('1 Dec 2026'). Pure: a day is read and written in UTC so that no time zone moves it.
 */

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

const dayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const dayMonthFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** Midnight UTC of day `day` ('2026-12-01', a date-time's day part too), or null when it is not one. */
function parseDay(day: string | null | undefined): Date | null {
  const match = DAY.exec((day ?? '').trim().slice(0, 10));
  if (match === null) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return Number.isNaN(date.getTime()) ? null : date;
}

function dayOf(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** '1 Dec 2026'; '-' when there is no day. */
export function formatDay(day: string | null | undefined): string {
  const date = parseDay(day);
  return date === null ? '-' : dayFormat.format(date);
}

/** The day it is where the browser is ('2026-12-01'). */
export function localToday(now: Date = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const date = String(now.getDate()).padStart(2, '0');
  return `${String(now.getFullYear())}-${month}-${date}`;
}

/** `day` moved by `days` (negative: back). */
export function addDays(day: string, days: number): string {
  const date = parseDay(day);
  if (date === null) return day;
  return dayOf(new Date(date.getTime() + days * MS_PER_DAY));
}

/** Whole days from `from` to `to` (negative when `to` is earlier); null when either is not a day. */
export function daysBetween(from: string, to: string): number | null {
  const a = parseDay(from);
  const b = parseDay(to);
  if (a === null || b === null) return null;
  return Math.round((b.getTime() - a.getTime()) / MS_PER_DAY);
}

/** A stretch of days as the server words it: '1 Dec to 5 Dec 2026', '1 Dec 2026', '30 Dec 2026 to 2 Jan 2027'. */
export function formatPeriod(from: string, to: string): string {
  const a = parseDay(from);
  const b = parseDay(to);
  if (a === null || b === null) return `${formatDay(from)} to ${formatDay(to)}`;
  if (a.getTime() === b.getTime()) return dayFormat.format(a);
  const start = a.getUTCFullYear() === b.getUTCFullYear() ? dayMonthFormat.format(a) : dayFormat.format(a);
  return `${start} to ${dayFormat.format(b)}`;
}

/** Days in a stretch, both ends included ('3 days', '1 day'). */
export function periodLength(from: string, to: string): string {
  const days = daysBetween(from, to);
  if (days === null || days < 0) return '';
  return days === 0 ? '1 day' : `${String(days + 1)} days`;
}
