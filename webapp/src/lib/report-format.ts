/**
 * Display of filed reports (review screens, the printable view): dates and times, the people
 * of a report, report kinds and their print addresses. Pure.
 */

import { formatCallsign } from './callsign';

const DATE_TIME = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
const DATE_ONLY = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' });

/**
 * A report's date and time: '20 Nov 2026, 21:30'. Accepts the form's local value
 * ('2026-11-20T21:30', read as local time) and ISO timestamps; a date alone ('2026-11-20') is
 * shown as that day ('20 Nov 2026', whatever the time zone); other text is shown as it is,
 * blank as '—'.
 */
export function formatReportDate(
  value: string | null | undefined,
  format: Intl.DateTimeFormat = DATE_TIME,
  dateOnly: Intl.DateTimeFormat = DATE_ONLY,
): string {
  const text = value?.trim() ?? '';
  if (text === '') return '—';
  const day = /^\d{4}-\d{2}-\d{2}$/.test(text);
  const date = new Date(day ? `${text}T00:00:00Z` : text);
  if (Number.isNaN(date.getTime())) return text;
  return (day ? dateOnly : format).format(date);
}

/** What the display needs of an officer row. */
export interface OfficerLike {
  name: string;
  rank?: string | null;
  callsign?: string | null;
}

/** 'Casey Nguyen, Sam Whitaker' (names of the rows that have one), or '—'. */
export function peopleSummary(officers: readonly OfficerLike[]): string {
  const names = officers.map((o) => o.name.trim()).filter((name) => name !== '');
  return names.length === 0 ? '—' : names.join(', ');
}

/** 'Deputy · B-12' (rank and normalised callsign of an officer), or ''. */
export function officerDetails(officer: OfficerLike): string {
  return [officer.rank?.trim() ?? '', formatCallsign(officer.callsign)].filter((part) => part !== '').join(' · ');
}

/** Report kinds of the printable view, as its address names them. */
export const PRINT_KINDS = ['arrest', 'use-of-force', 'ticket'] as const;
export type PrintKind = (typeof PRINT_KINDS)[number];

export function isPrintKind(value: string | undefined): value is PrintKind {
  return value !== undefined && (PRINT_KINDS as readonly string[]).includes(value);
}

/** The printable view of a report: '/reports/print/use-of-force/12'. */
export function printPath(kind: PrintKind, id: number): string {
  return `/reports/print/${kind}/${String(id)}`;
}

/** The document title of a report kind. */
export const PRINT_TITLES: Readonly<Record<PrintKind, string>> = {
  arrest: 'Arrest Report',
  'use-of-force': 'Use of Force Report',
  ticket: 'Traffic Citation',
};

/** A report id of the address: a positive whole number, else null. */
export function reportIdOf(value: string | undefined): number | null {
  if (value === undefined || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}
