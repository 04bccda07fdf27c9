/**
 * The numbers of each analytics section as one table (its chart's data, its "Show table" and its
 * CSV): pure, from the server's answers.
 */

import type { CsvCell } from '@/lib/analytics';
/** What the tables read of the answers (`StrengthAnswer`, `ReportsAnswer`, … of the API). */
interface Week {
  week: string;
  isoWeek: string;
}
interface StrengthAnswer {
  months: readonly { month: string; hires: number; departures: number; promotions: number; demotions: number }[];
}
interface ReportsAnswer {
  weeks: readonly (Week & { arrests: number; tickets: number; useOfForce: number })[];
}
interface TrainingAnswer {
  weeks: readonly (Week & { scheduled: number; completed: number; qualificationsGranted: number })[];
}
interface DutyAnswer {
  weeks: readonly (Week & { hours: number; departments: readonly { department?: string | null; hours: number }[] })[];
}

export interface SectionTable {
  columns: readonly string[];
  rows: readonly (readonly CsvCell[])[];
}

export function strengthTable(answer: StrengthAnswer): SectionTable {
  return {
    columns: ['Month', 'Hires', 'Departures', 'Promotions', 'Demotions'],
    rows: answer.months.map((m) => [m.month, m.hires, m.departures, m.promotions, m.demotions]),
  };
}

export function reportsTable(answer: ReportsAnswer): SectionTable {
  return {
    columns: ['Week', 'Monday', 'Arrests', 'Tickets', 'Use of force'],
    rows: answer.weeks.map((w) => [w.isoWeek, w.week, w.arrests, w.tickets, w.useOfForce]),
  };
}

export function trainingTable(answer: TrainingAnswer): SectionTable {
  return {
    columns: ['Week', 'Monday', 'Sessions scheduled', 'Sessions completed', 'Qualifications granted'],
    rows: answer.weeks.map((w) => [w.isoWeek, w.week, w.scheduled, w.completed, w.qualificationsGranted]),
  };
}

export function dutyTable(answer: DutyAnswer): SectionTable {
  return {
    columns: ['Week', 'Monday', 'Hours', 'By department'],
    rows: answer.weeks.map((w) => [
      w.isoWeek,
      w.week,
      Math.round(w.hours * 100) / 100,
      w.departments.map((d) => `${d.department ?? 'No department'}: ${String(Math.round(d.hours * 10) / 10)}`).join('; '),
    ]),
  };
}

const MONTH = new Intl.DateTimeFormat('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** A month's axis label: '2026-11-01' (or '2026-11') → 'Nov 2026'. */
export function monthLabel(month: string): string {
  const match = /^(\d{4})-(\d{2})/.exec(month);
  if (match === null) return month;
  return MONTH.format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1)));
}

/** A short axis label: '2026-W47' → 'W47'. */
export function weekLabel(isoWeek: string): string {
  const match = /W\d+$/.exec(isoWeek);
  return match === null ? isoWeek : match[0];
}
