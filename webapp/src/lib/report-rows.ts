/**
 * Rows every report form repeats (member-portal §2.11, command-and-reports §2): witnesses
 * (name, contact) and evidence links (label, url). Pure.
 */

export interface WitnessRow {
  key: string;
  name: string;
  contact: string;
}

export interface EvidenceRow {
  key: string;
  label: string;
  url: string;
}

let nextKey = 0;
/** A key for a new row (React lists). */
export function rowKey(prefix: string): string {
  nextKey += 1;
  return `${prefix}-${nextKey}`;
}

export function emptyWitness(): WitnessRow {
  return { key: rowKey('witness'), name: '', contact: '' };
}

export function emptyEvidence(): EvidenceRow {
  return { key: rowKey('evidence'), label: '', url: '' };
}

/** The message of a link the server refuses. */
export const EVIDENCE_URL_ERROR = 'Evidence links must be http(s) URLs.';

/** An evidence link the server would refuse (not http or https); blank is fine. */
export function isBadLink(url: string): boolean {
  const trimmed = url.trim();
  if (trimmed === '') return false;
  try {
    const parsed = new URL(trimmed);
    return parsed.protocol !== 'http:' && parsed.protocol !== 'https:';
  } catch {
    return true;
  }
}

/** Errors of a validated form, by field path ('evidence.0.url'), in the order of the form. */
export type FieldErrors = Record<string, string>;

/** The server's message for a report without a named officer (server/src/shared/report.rs). */
export const OFFICER_REQUIRED = 'Add at least one officer with a name.';

/**
 * The officer rows' error: none when a row has a name; otherwise on the first name that can
 * be typed (`{path}.{index}.name`), or on the list itself when there is none.
 */
export function officerErrors(rows: readonly { name: string; locked: boolean }[], path: string): FieldErrors {
  if (rows.some((row) => row.name.trim() !== '')) return {};
  const open = rows.findIndex((row) => !row.locked);
  return { [open === -1 ? path : `${path}.${String(open)}.name`]: OFFICER_REQUIRED };
}

/** Every evidence row the server would refuse: a label without a link, or a link that is not http(s). */
export function evidenceErrors(rows: readonly EvidenceRow[], path = 'evidence'): FieldErrors {
  const errors: FieldErrors = {};
  rows.forEach((row, index) => {
    const blank = row.label.trim() === '' && row.url.trim() === '';
    if (!blank && (row.url.trim() === '' || isBadLink(row.url))) errors[`${path}.${String(index)}.url`] = EVIDENCE_URL_ERROR;
  });
  return errors;
}

/** Witnesses as sent: trimmed, blank rows dropped. */
export function witnessValues(rows: readonly WitnessRow[]): { name: string; contact: string }[] {
  return rows.map(({ name, contact }) => ({ name: name.trim(), contact: contact.trim() })).filter((w) => w.name !== '' || w.contact !== '');
}

/** Evidence links as sent: trimmed, blank rows dropped. */
export function evidenceValues(rows: readonly EvidenceRow[]): { label: string; url: string }[] {
  return rows.map(({ label, url }) => ({ label: label.trim(), url: url.trim() })).filter((e) => e.label !== '' || e.url !== '');
}

/** 'YYYY-MM-DDTHH:MM' of `date` in local time (the value of a datetime-local input). */
export function localDateTime(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
