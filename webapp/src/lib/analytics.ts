/**
 * Command → Analytics (issue 25): the period picker's presets as days (UTC, as the server counts
 * them), and the CSV of a section's table.
 */

import { addDays } from './days';

/** The picker's choices: the last 30 days, 90 days, a year, or two days of one's own. */
export type PeriodPreset = '30' | '90' | '365' | 'custom';

export const PERIOD_PRESETS: readonly { value: PeriodPreset; label: string }[] = [
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: 'A year' },
  { value: 'custom', label: 'Custom' },
];

/** A period as the API takes it: both days included, 'YYYY-MM-DD'. */
export interface Period {
  from: string;
  to: string;
}

/** Today in UTC, 'YYYY-MM-DD' (the server's days are UTC days). */
export function utcToday(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/**
 * The period of a preset ending today (`days` days, today included), or the custom days
 * as picked; null while a custom day is missing (the server judges the rest and says why).
 */
export function periodOf(preset: PeriodPreset, today: string, custom: { from: string | null; to: string | null }): Period | null {
  if (preset === 'custom') {
    if (custom.from === null || custom.to === null || custom.from === '' || custom.to === '') return null;
    return { from: custom.from, to: custom.to };
  }
  return { from: addDays(today, 1 - Number(preset)), to: today };
}

/** The query string of a section call: `from`, `to` and the department when one is picked. */
export function periodQuery(period: Period, department: string | null): string {
  const params = new URLSearchParams({ from: period.from, to: period.to });
  if (department !== null && department !== '') params.set('department', department);
  return params.toString();
}

export type CsvCell = string | number | null | undefined;

/** One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break; quotes doubled. */
export function csvField(cell: CsvCell): string {
  const text = cell == null ? '' : typeof cell === 'number' ? String(cell) : cell;
  return /[",\r\n]/.test(text) || /^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A CSV text: the header, then a line per row, CRLF between lines. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/** The file name of a section's CSV: `analytics-reports-2026-10-27-2026-11-25.csv`. */
export function csvName(section: string, period: Period): string {
  return `analytics-${section}-${period.from}-${period.to}.csv`;
}

/** Hours for a table or tooltip: up to one decimal ('12.5 h'); '—' when unknown. */
export function hoursText(hours: number | null | undefined): string {
  if (hours == null) return '—';
  return `${String(Math.round(hours * 10) / 10)} h`;
}

/** A rate (0–1) as a percentage ('12.5%'); '—' when unknown. */
export function rateText(rate: number | null | undefined): string {
  if (rate == null) return '—';
  return `${String(Math.round(rate * 1000) / 10)}%`;
}
