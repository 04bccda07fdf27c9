/**
 * The arrest report form's rules (member-portal §2.11, §5 "Arrest report"). Pure: the form's
 * state, the penal code fill rule, counts, totals, and the draft sent to the server.
 */

import { compactCallsign } from '@/lib/deputy-search';
import {
  evidenceErrors,
  emptyOfficer,
  draftChanged,
  evidenceValues,
  firstOfficer,
  localDateTime,
  officerErrors,
  officerValues,
  rowKey,
  witnessValues,
  type FieldErrors,
  type OfficerValue,
  type ReportFormRows,
} from '@/lib/report-rows';
import { reportHeadErrors } from '@/lib/report-rules';

/** Numbers of a charge as the inputs hold them (NumberInput gives a number or the typed text). */
export type NumberField = number | string;

export interface ChargeRow {
  key: string;
  statute: string;
  charge: string;
  count: NumberField;
  /** Months of custody per count. */
  time: NumberField;
  /** Dollars of bond per count. */
  bond: NumberField;
}

export interface ArrestForm extends ReportFormRows<'officers'> {
  caseNumber: string;
  arrestType: string;
  arrestDate: string;
  location: string;
  suspect: { name: string; address: string; description: string };
  charges: ChargeRow[];
  narrative: string;
}


/** What the fill rule needs of a penal code entry. */
export interface PenalEntry {
  statute: string;
  title: string;
  fineMin?: number;
  fineMax?: number;
  custodyMin?: number;
  custodyMax?: number;
}

/** Arrest types offered as suggestions (free text is accepted). */
export const ARREST_TYPES = ['On view', 'Warrant', 'Probable cause', 'Traffic stop', 'Citizen arrest'];

/** Callsign input: spaces and dashes stripped (§5). */
export function callsignInput(raw: string): string {
  return compactCallsign(raw);
}

/**
 * A charge count: a number with a minimum of 1; blank or invalid counts as 1 (§5). Fractions
 * are cut to whole counts.
 */
export function countOf(value: NumberField): number {
  const n = typeof value === 'number' ? value : Number(value.trim() === '' ? NaN : value);
  if (!Number.isFinite(n)) return 1;
  return Math.max(1, Math.trunc(n));
}

/** The numeric value of a time or bond field; blank or invalid is 0 (§5 "numeric time"). */
export function amountOf(value: NumberField): number {
  const n = typeof value === 'number' ? value : Number(value.trim() === '' ? NaN : value);
  return Number.isFinite(n) ? Math.max(0, n) : 0;
}

/** §5 totals: time = Σ time × count (months); bond = Σ bond × count (dollars). */
export function chargeTotals(charges: readonly Pick<ChargeRow, 'count' | 'time' | 'bond'>[]): { time: number; bond: number } {
  return charges.reduce(
    (sum, row) => {
      const count = countOf(row.count);
      return { time: sum.time + amountOf(row.time) * count, bond: sum.bond + amountOf(row.bond) * count };
    },
    { time: 0, bond: 0 },
  );
}

/** The maximum when the entry has one (above zero), else the minimum, else 0. */
function maxElseMin(max: number | undefined, min: number | undefined): number {
  if (max !== undefined && max > 0) return max;
  return min ?? 0;
}

/**
 * §5: selecting a penal code entry fills statute, charge, count (1 if empty), time from the
 * maximum custody (else minimum) and bond from the maximum fine (else minimum).
 */
export function fillCharge(row: ChargeRow, entry: PenalEntry): ChargeRow {
  const count = typeof row.count === 'string' && row.count.trim() === '' ? 1 : row.count;
  return {
    ...row,
    statute: entry.statute,
    charge: entry.title,
    count,
    time: maxElseMin(entry.custodyMax, entry.custodyMin),
    bond: maxElseMin(entry.fineMax, entry.fineMin),
  };
}

export function emptyCharge(): ChargeRow {
  return { key: rowKey('charge'), statute: '', charge: '', count: 1, time: '', bond: '' };
}

/** True when a charge row holds nothing at all (a fresh row). */
export function isBlankCharge(row: ChargeRow): boolean {
  return row.statute.trim() === '' && row.charge.trim() === '' && String(row.time).trim() === '' && String(row.bond).trim() === '';
}

/** A new form: the suggested case number, today's date and time, the viewer as first officer. */
export function newArrestForm(caseNumber: string, viewer: OfficerValue | null, now: Date): ArrestForm {
  return {
    caseNumber,
    arrestType: '',
    arrestDate: localDateTime(now),
    location: '',
    officers: [firstOfficer(viewer)],
    suspect: { name: '', address: '', description: '' },
    charges: [emptyCharge()],
    witnesses: [],
    evidence: [],
    narrative: '',
  };
}

/** What a report holds besides its number, as filed and as sent. */
interface ArrestValues {
  arrestType: string;
  arrestDate: string;
  location: string;
  officers: OfficerValue[];
  suspect: { name: string; address: string; description: string };
  charges: { statute: string; charge: string; count: number; time: number; bond: number }[];
  witnesses: { name: string; contact: string }[];
  evidence: { label: string; url: string }[];
  narrative: string;
}

/** What a filed report holds, as the form needs it to resubmit. */
export interface FiledArrestValues extends ArrestValues {
  caseNumber: string;
}

/**
 * The form of a returned report to correct. Its first officer stays read-only when it is the
 * viewer (same name as their roster entry).
 */
export function formOfReport(report: FiledArrestValues, viewer: OfficerValue | null): ArrestForm {
  const viewerName = viewer?.name.trim().toLowerCase() ?? null;
  const officers = report.officers.map((officer, index) => ({
    key: rowKey('officer'),
    name: officer.name,
    rank: officer.rank,
    callsign: callsignInput(officer.callsign),
    locked: index === 0 && viewerName !== null && officer.name.trim().toLowerCase() === viewerName,
  }));
  return {
    caseNumber: report.caseNumber,
    arrestType: report.arrestType,
    arrestDate: report.arrestDate,
    location: report.location,
    officers: officers.length > 0 ? officers : [emptyOfficer()],
    suspect: { ...report.suspect },
    charges: report.charges.length > 0 ? report.charges.map((c) => ({ key: rowKey('charge'), ...c })) : [emptyCharge()],
    witnesses: report.witnesses.map((w) => ({ key: rowKey('witness'), ...w })),
    evidence: report.evidence.map((e) => ({ key: rowKey('evidence'), ...e })),
    narrative: report.narrative,
  };
}

/** The draft sent to the server. */
export interface ArrestDraftValues extends ArrestValues {
  caseNumber: number | string | null;
  incidentNumber: number | string | null;
}

/**
 * The case number as sent: digits as a number, other text as it is, blank as null (the server
 * then allocates the next one). incidentNumber is always the case number (§5).
 */
export function caseNumberValue(text: string): number | string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^\d{1,15}$/.test(trimmed) ? Number(trimmed) : trimmed;
}

/**
 * The draft of the form: counts at least 1, times and bonds whole numbers, blank witness and
 * evidence rows dropped (the server drops them too), callsigns stripped.
 */
export function draftOf(form: ArrestForm): ArrestDraftValues {
  const caseNumber = caseNumberValue(form.caseNumber);
  return {
    caseNumber,
    incidentNumber: caseNumber,
    arrestType: form.arrestType.trim(),
    arrestDate: form.arrestDate.trim(),
    location: form.location.trim(),
    officers: officerValues(form.officers),
    suspect: {
      name: form.suspect.name.trim(),
      address: form.suspect.address.trim(),
      description: form.suspect.description.trim(),
    },
    charges: form.charges
      .filter((row) => !isBlankCharge(row))
      .map((row) => ({
        statute: row.statute.trim(),
        charge: row.charge.trim(),
        count: countOf(row.count),
        time: Math.round(amountOf(row.time)),
        bond: Math.round(amountOf(row.bond)),
      })),
    witnesses: witnessValues(form.witnesses),
    evidence: evidenceValues(form.evidence),
    narrative: form.narrative.trim(),
  };
}

/** True when the form differs from where it started (row keys aside). */
export function isDirty(form: ArrestForm, initial: ArrestForm): boolean {
  return draftChanged(draftOf, form, initial);
}

/** The server's messages (server/src/features/arrests/model.rs), and the form's for its limits. */
export const ARREST_ERRORS = {
  dateRequired: 'Arrest date is required.',
  suspectRequired: 'Suspect name is required.',
  chargeRequired: 'Add at least one charge.',
  chargeNamed: 'Each charge needs a statute or a charge.',
  countRange: 'A count is from 1 to 1000.',
  timeRange: 'Time is at most 12,000 months.',
  bondRange: 'Bond is at most $100,000,000.',
} as const;

/** The server's upper limits of a charge (count, months of custody, dollars of bond). */
export const CHARGE_LIMITS = { count: 1000, time: 12_000, bond: 100_000_000 } as const;

/**
 * Everything the server would refuse in the form that the form can know, by field path
 * ('location', 'suspect.name', 'charges.0.charge'), in the order of the form: the case number
 * (blank or 1 to 999,999,999), the date (required, real, from 2000-01-01 to tomorrow), the
 * location, an officer with a name, the suspect's name, at least one charge (each with a
 * statute or a name, within the limits) and http(s) evidence links. Blank charge rows are
 * dropped on save, as the server drops them.
 */
export function arrestFormErrors(form: ArrestForm, now: Date): FieldErrors {
  const errors: FieldErrors = { ...reportHeadErrors(form, now, {
      number: { field: 'caseNumber', label: 'Case number' },
      date: { field: 'arrestDate', label: 'Arrest date' },
      dateRequired: ARREST_ERRORS.dateRequired,
    }), ...officerErrors(form.officers, 'officers') };
  if (form.suspect.name.trim() === '') errors['suspect.name'] = ARREST_ERRORS.suspectRequired;

  let charges = 0;
  form.charges.forEach((row, index) => {
    if (isBlankCharge(row)) return;
    charges += 1;
    const at = `charges.${String(index)}`;
    if (row.statute.trim() === '' && row.charge.trim() === '') errors[`${at}.charge`] = ARREST_ERRORS.chargeNamed;
    if (countOf(row.count) > CHARGE_LIMITS.count) errors[`${at}.count`] = ARREST_ERRORS.countRange;
    if (Math.round(amountOf(row.time)) > CHARGE_LIMITS.time) errors[`${at}.time`] = ARREST_ERRORS.timeRange;
    if (Math.round(amountOf(row.bond)) > CHARGE_LIMITS.bond) errors[`${at}.bond`] = ARREST_ERRORS.bondRange;
  });
  if (charges === 0) errors[form.charges.length === 0 ? 'charges' : 'charges.0.charge'] = ARREST_ERRORS.chargeRequired;

  Object.assign(errors, evidenceErrors(form.evidence));
  return errors;
}
