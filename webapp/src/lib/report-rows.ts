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
