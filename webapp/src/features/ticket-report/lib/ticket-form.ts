/**
 * The ticket form's rules (issue 10 "Ticket report"; the spec lists the menu item only). Pure:
 * the form's state, violations from the penal code catalogue with a fine defaulting to the
 * entry's minimum and kept within its range, the total fine and the draft sent to the server.
 */

import { compactCallsign } from '@/lib/deputy-search';
import {
  draftChanged,
  evidenceErrors,
  evidenceValues,
  localDateTime,
  rowKey,
  type EvidenceRow,
  type FieldErrors,
  type OfficerValue,
} from '@/lib/report-rows';
import { reportHeadErrors } from '@/lib/report-rules';

/** The server's messages (server/src/features/tickets/model.rs). */
export const TICKET_ERRORS = {
  dateRequired: 'Date and time are required.',
  officerRequired: 'The issuing officer needs a name.',
  violatorRequired: 'Violator name is required.',
  violationRequired: 'Add at least one violation.',
} as const;

export interface TicketOfficer extends OfficerValue {
  /** Auto-filled from the signed-in user's roster entry: read-only. */
  locked: boolean;
}

/** What a violation needs of a penal code entry. */
export interface FineEntry {
  statute: string;
  title: string;
  classification?: string;
  fineMin?: number;
  fineMax?: number;
}

export interface ViolationRow {
  key: string;
  statute: string;
  title: string;
  classification: string;
  /** As the input holds it: a number or the typed text. */
  fine: number | string;
  fineMin: number;
  fineMax: number;
}

export interface TicketForm {
  citationNumber: string;
  issuedAt: string;
  location: string;
  officer: TicketOfficer;
  violator: { name: string; address: string; description: string };
  vehicle: { plate: string; model: string; colour: string };
  violations: ViolationRow[];
  notes: string;
  evidence: EvidenceRow[];
}

/** The entry's fine range: [fineMin, fineMax] (absent minimum 0; absent maximum = the minimum). */
export function fineRange(entry: Pick<FineEntry, 'fineMin' | 'fineMax'>): { min: number; max: number } {
  const min = entry.fineMin ?? 0;
  return { min, max: Math.max(min, entry.fineMax ?? min) };
}

/** A violation of the chosen entry, fined its minimum. */
export function violationOf(entry: FineEntry): ViolationRow {
  const { min, max } = fineRange(entry);
  return {
    key: rowKey('violation'),
    statute: entry.statute,
    title: entry.title,
    classification: entry.classification ?? '',
    fine: min,
    fineMin: min,
    fineMax: max,
  };
}

/** The typed fine as a number, or null when blank or not a number. */
export function fineValue(fine: number | string): number | null {
  if (typeof fine === 'number') return Number.isFinite(fine) ? fine : null;
  const trimmed = fine.replace(/[$,\s]/g, '');
  if (trimmed === '') return null;
  const n = Number(trimmed);
  return Number.isFinite(n) ? n : null;
}

/** The server's words for a fine outside its range, or null when it is a whole number within it. */
export function fineProblem(row: ViolationRow): string | null {
  const value = fineValue(row.fine);
  if (value !== null && Number.isInteger(value) && value >= row.fineMin && value <= row.fineMax) return null;
  return `The fine for ${row.statute} must be from $${row.fineMin} to $${row.fineMax}.`;
}

/** Σ fines typed (blank or invalid ones count 0). */
export function totalFine(rows: readonly ViolationRow[]): number {
  return rows.reduce((sum, row) => sum + (fineValue(row.fine) ?? 0), 0);
}

export function newTicketForm(citationNumber: string, viewer: OfficerValue | null, now: Date): TicketForm {
  return {
    citationNumber,
    issuedAt: localDateTime(now),
    location: '',
    officer:
      viewer === null
        ? { name: '', rank: '', callsign: '', locked: false }
        : { ...viewer, callsign: compactCallsign(viewer.callsign), locked: true },
    violator: { name: '', address: '', description: '' },
    vehicle: { plate: '', model: '', colour: '' },
    violations: [],
    notes: '',
    evidence: [],
  };
}

/** The officer after picking someone from the roster (editable, unlike the auto-filled viewer). */
export function pickedOfficer(officer: OfficerValue): TicketOfficer {
  return { name: officer.name, rank: officer.rank, callsign: compactCallsign(officer.callsign), locked: false };
}

/** The draft sent to the server (fines rounded to whole dollars, blank evidence rows dropped). */
export interface TicketDraftValues {
  citationNumber: string;
  issuedAt: string;
  location: string;
  officer: OfficerValue;
  violator: { name: string; address: string; description: string };
  vehicle: { plate: string; model: string; colour: string };
  violations: { statute: string; title: string; fine: number }[];
  notes: string;
  evidence: { label: string; url: string }[];
}

export function draftOf(form: TicketForm): TicketDraftValues {
  return {
    citationNumber: form.citationNumber.trim(),
    issuedAt: form.issuedAt.trim(),
    location: form.location.trim(),
    officer: { name: form.officer.name.trim(), rank: form.officer.rank.trim(), callsign: compactCallsign(form.officer.callsign) },
    violator: {
      name: form.violator.name.trim(),
      address: form.violator.address.trim(),
      description: form.violator.description.trim(),
    },
    vehicle: { plate: form.vehicle.plate.trim(), model: form.vehicle.model.trim(), colour: form.vehicle.colour.trim() },
    violations: form.violations.map((row) => ({ statute: row.statute, title: row.title, fine: Math.round(fineValue(row.fine) ?? 0) })),
    notes: form.notes.trim(),
    evidence: evidenceValues(form.evidence),
  };
}

/** True when the form differs from where it started (row keys aside). */
export function isDirty(form: TicketForm, initial: TicketForm): boolean {
  return draftChanged(draftOf, form, initial);
}

/**
 * Everything the server would refuse in the form that the form can know, by field path
 * ('location', 'officer.name', 'violations.0.fine'), in the order of the form: the citation
 * number (blank or 1 to 999,999,999), the date (required, real, from 2000-01-01 to tomorrow),
 * the location, the officer's and the violator's names, at least one violation with each fine
 * within its range, and http(s) evidence links.
 */
export function ticketFormErrors(form: TicketForm, now: Date): FieldErrors {
  const errors: FieldErrors = reportHeadErrors(form, now, {
    number: { field: 'citationNumber', label: 'Citation number' },
    date: { field: 'issuedAt', label: 'Ticket date' },
    dateRequired: TICKET_ERRORS.dateRequired,
  });
  if (form.officer.name.trim() === '') errors['officer.name'] = TICKET_ERRORS.officerRequired;
  if (form.violator.name.trim() === '') errors['violator.name'] = TICKET_ERRORS.violatorRequired;
  if (form.violations.length === 0) errors.violations = TICKET_ERRORS.violationRequired;
  form.violations.forEach((row, index) => {
    const problem = fineProblem(row);
    if (problem !== null) errors[`violations.${String(index)}.fine`] = problem;
  });
  Object.assign(errors, evidenceErrors(form.evidence));
  return errors;
}
