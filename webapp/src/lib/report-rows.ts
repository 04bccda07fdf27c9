/**
 * Rows every report form repeats (member-portal §2.11, command-and-reports §2): officers
 * (name, rank, callsign; the first the signed-in user's), witnesses (name, contact) and
 * evidence links (label, url). Pure.
 */

import { compactCallsign } from './deputy-search';

/** An officer row of a report form (arresting officers, deputies involved). */
export interface OfficerRow {
  key: string;
  name: string;
  /** Rank (or ID). */
  rank: string;
  /** As typed, spaces and dashes stripped (§5). */
  callsign: string;
  /** The first row auto-filled from the signed-in user's roster entry: read-only, not removable. */
  locked: boolean;
}

/** An officer as reports store them. */
export interface OfficerValue {
  name: string;
  rank: string;
  callsign: string;
}

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

export function emptyOfficer(): OfficerRow {
  return { key: rowKey('officer'), name: '', rank: '', callsign: '', locked: false };
}

/** The first officer row of a new report: the viewer (locked) when on the roster, else blank. */
export function firstOfficer(viewer: OfficerValue | null): OfficerRow {
  if (viewer === null) return emptyOfficer();
  return { key: rowKey('officer'), ...viewer, callsign: compactCallsign(viewer.callsign), locked: true };
}

/** True when an officer row holds nothing. */
export function isBlankOfficer(row: OfficerRow): boolean {
  return row.name.trim() === '' && row.rank.trim() === '' && row.callsign.trim() === '';
}

/**
 * The officer rows after picking `officer` from the roster ('Select Deputy'): it fills the last
 * blank row, or is added below. Someone already listed (same name and callsign) is not added
 * twice: null.
 */
export function withPickedOfficer(rows: readonly OfficerRow[], officer: OfficerValue): OfficerRow[] | null {
  const callsign = compactCallsign(officer.callsign).toLowerCase();
  const same = (row: OfficerRow) =>
    row.name.trim().toLowerCase() === officer.name.trim().toLowerCase() && compactCallsign(row.callsign).toLowerCase() === callsign;
  if (rows.some(same)) return null;
  const filled = { name: officer.name.trim(), rank: officer.rank.trim(), callsign: compactCallsign(officer.callsign), locked: false };
  const blank = rows.findLastIndex((row) => !row.locked && isBlankOfficer(row));
  if (blank === -1) return [...rows, { key: rowKey('officer'), ...filled }];
  return rows.map((row, index) => (index === blank ? { ...row, ...filled } : row));
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

/** The witnesses and evidence links every report form holds (with its own fields beside them). */
export interface ReportRowLists {
  witnesses: WitnessRow[];
  evidence: EvidenceRow[];
}

/** The rows of a report form: its officers (at `P`: 'officers', 'deputies'), witnesses and evidence. */
export type ReportFormRows<P extends string> = Record<P, OfficerRow[]> & ReportRowLists;

/** Officers as sent: blank rows dropped, text trimmed, callsigns stripped of spaces and dashes (§5). */
export function officerValues(rows: readonly OfficerRow[]): OfficerValue[] {
  return rows
    .filter((row) => !isBlankOfficer(row))
    .map((row) => ({ name: row.name.trim(), rank: row.rank.trim(), callsign: compactCallsign(row.callsign) }));
}

/** True when a report form differs from where it started by what it would send (row keys aside). */
export function draftChanged<F>(draftOf: (form: F) => unknown, form: F, initial: F): boolean {
  return JSON.stringify(draftOf(form)) !== JSON.stringify(draftOf(initial));
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
