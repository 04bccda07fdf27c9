/**
 * Agency bundles (issue 27): export, import and backups on the Agencies screen and an agency's
 * Branding. Pure: sizes, summaries, the passphrase rule, the backup schedule form, and which
 * field a refusal of the server belongs to.
 */

import { wholeIn, type WholeRange } from './whole-range';

/** The server's sentence for a short passphrase (also checked here before sending). */
export const PASSPHRASE_MIN = 12;
export const PASSPHRASE_TOO_SHORT = 'The passphrase must be at least 12 characters.';
export const CHOOSE_BUNDLE = 'Choose an agency bundle (.agency.tar.gz) to import.';
export const EVERY_HOURS: WholeRange = { min: 1, max: 168 };
export const KEEP: WholeRange = { min: 1, max: 100 };
export const EVERY_HOURS_RANGE = 'Back up every 1 to 168 hours, or turn scheduled backups off.';
export const KEEP_RANGE = 'Keep from 1 to 100 backups.';
export const NO_BACKUPS = 'No backups yet.';
/** What a bundle file's name ends with. */
export const BUNDLE_SUFFIX = '.agency.tar.gz';

/** A passphrase is optional; when given, at least 12 characters. */
export function passphraseProblem(passphrase: string): string | null {
  return passphrase !== '' && passphrase.length < PASSPHRASE_MIN ? PASSPHRASE_TOO_SHORT : null;
}

/** '0 B', '812 B', '1.2 KB', '34 MB', '1.05 GB' (powers of 1024). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 1024) return `${String(Math.max(0, Math.round(Number.isFinite(bytes) ? bytes : 0)))} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = value >= 100 ? Math.round(value).toString() : value >= 10 ? value.toFixed(1) : value.toFixed(2);
  return `${shown.replace(/\.?0+$/, '')} ${units[unit] ?? 'TB'}`;
}

/** How far a transfer is: '1.2 MB of 4 MB' with a total, else '1.2 MB received'. */
export function transferLine(loaded: number, total: number | null, verb = 'received'): string {
  if (total !== null && total > 0) return `${formatBytes(loaded)} of ${formatBytes(total)}`;
  return `${formatBytes(loaded)} ${verb}`;
}

/** Percent of a transfer (0 to 100), or null when its size is not known. */
export function transferPercent(loaded: number, total: number | null): number | null {
  if (total === null || total <= 0) return null;
  return Math.min(100, Math.max(0, Math.round((loaded / total) * 100)));
}

const plural = (count: number, one: string, many: string) => `${count.toLocaleString('en-GB')} ${count === 1 ? one : many}`;

/**
 * A backup's rows per table in one line: '12 members · 40 reports · 1,234 rows in 18 tables'
 * (members and reports only when the tables are there).
 */
export function countsSummary(counts: Readonly<Record<string, unknown>>): string {
  const rows = Object.entries(counts).flatMap(([table, value]) =>
    typeof value === 'number' && Number.isFinite(value) ? [[table, value] as const] : [],
  );
  if (rows.length === 0) return 'No rows';
  const total = rows.reduce((sum, [, value]) => sum + value, 0);
  const of = (table: string) => rows.find(([name]) => name === table)?.[1];
  const parts: string[] = [];
  const members = of('roster');
  if (members !== undefined) parts.push(plural(members, 'member', 'members'));
  const reports = of('reports');
  if (reports !== undefined) parts.push(plural(reports, 'report', 'reports'));
  parts.push(`${plural(total, 'row', 'rows')} in ${plural(rows.length, 'table', 'tables')}`);
  return parts.join(' · ');
}

/** The file name of a `Content-Disposition: attachment; filename="…"`, or null. */
export function attachmentName(disposition: string | null): string | null {
  if (disposition === null) return null;
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (star?.[1] !== undefined) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // Fall back to the plain name.
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(disposition);
  const name = (plain?.[2] ?? plain?.[1])?.trim();
  return name === undefined || name === '' ? null : name;
}

/** The name an export is saved under when the server names none: '<slug>-<YYYY-MM-DD>.agency.tar.gz'. */
export function exportFileName(slug: string, now: Date = new Date()): string {
  return `${slug}-${now.toISOString().slice(0, 10)}${BUNDLE_SUFFIX}`;
}

/** What the schedule settings say (the server's `BackupSettings`, its optional fields). */
export interface ScheduleSettings {
  everyHours?: number | null;
  keep: number;
  usesDefault: boolean;
  defaultEveryHours?: number | null;
  defaultKeep: number;
  nextDueAt?: string | null;
}

export interface ScheduleValues {
  /** Scheduled backups on. */
  scheduled: boolean;
  everyHours: number | string;
  keep: number | string;
}

/** The form's values from the settings (off: the hours field keeps the deployment default to start from). */
export function scheduleValues(settings: ScheduleSettings): ScheduleValues {
  const every = settings.everyHours ?? null;
  return {
    scheduled: every !== null,
    everyHours: every ?? settings.defaultEveryHours ?? 24,
    keep: settings.keep,
  };
}

/** The form's own checks, with the server's sentences. */
export function validateSchedule(values: ScheduleValues): Partial<Record<'everyHours' | 'keep', string>> {
  const errors: Partial<Record<'everyHours' | 'keep', string>> = {};
  if (values.scheduled && wholeIn(values.everyHours, EVERY_HOURS) === null) errors.everyHours = EVERY_HOURS_RANGE;
  if (wholeIn(values.keep, KEEP) === null) errors.keep = KEEP_RANGE;
  return errors;
}

/** The PUT body (`BackupSettingsInput`). Values out of range are sent as typed: the server says why. */
export function scheduleBody(values: ScheduleValues): { everyHours: number | null; keep: number } {
  return {
    everyHours: values.scheduled ? Number(values.everyHours) : null,
    keep: Number(values.keep),
  };
}

/** 'every 24 h' / 'off'. */
export function everyLine(hours: number | null | undefined): string {
  return hours == null ? 'no scheduled backups' : `every ${String(hours)} h`;
}

/** 'Uses the deployment default (every 24 h, keep 7).' */
export function defaultLine(settings: ScheduleSettings): string {
  return `Uses the deployment default (${everyLine(settings.defaultEveryHours)}, keep ${String(settings.defaultKeep)}).`;
}

/** Which field of the schedule form a refusal belongs to (null: above the buttons). */
export function scheduleRefusalField(message: string): 'everyHours' | 'keep' | null {
  if (message === EVERY_HOURS_RANGE || message.startsWith('Back up every')) return 'everyHours';
  if (message === KEEP_RANGE || message.startsWith('Keep from')) return 'keep';
  return null;
}

/** Which field of the import form a refusal belongs to (null: above the buttons). */
export function importRefusalField(status: number | null, message: string): 'file' | 'slug' | 'passphrase' | null {
  if (status === 409 || /\bslugs?\b/i.test(message)) return 'slug';
  if (message === PASSPHRASE_TOO_SHORT || message.startsWith('The passphrase does not open')) return 'passphrase';
  if (message === CHOOSE_BUNDLE) return 'file';
  return null;
}

/** Which field of the export form a refusal belongs to (null: above the buttons). */
export function exportRefusalField(message: string): 'passphrase' | null {
  return message === PASSPHRASE_TOO_SHORT ? 'passphrase' : null;
}

/** What the import notification says of the new agency. */
export function importedLine(imported: { name: string; slug: string; domainCleared: boolean; secretsImported: boolean }): string {
  const parts = [`Agency "${imported.name}" imported as ${imported.slug}.`];
  if (imported.domainCleared) parts.push('Its domain was cleared because another agency uses it.');
  if (imported.secretsImported) parts.push('Its bot token and webhook addresses came with it.');
  return parts.join(' ');
}
