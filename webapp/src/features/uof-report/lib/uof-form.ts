/**
 * The use-of-force report form's rules (command-and-reports §2 "Use-of-force report form", §5,
 * §8, §9). Pure: the form's state, the deputies rows, the force types, the draft sent to the
 * server and the JSON file 'Save JSON' downloads. Witness and evidence rows are the shared
 * ones of every report form (lib/report-rows).
 */

import {
  draftChanged,
  evidenceErrors,
  evidenceValues,
  firstOfficer,
  localDateTime,
  officerErrors,
  officerValues,
  witnessValues,
  type FieldErrors,
  type OfficerValue,
  type ReportFormRows,
} from '@/lib/report-rows';
import { reportHeadErrors } from '@/lib/report-rules';

/** command-and-reports §9. */
export const FORCE_TYPES = ['Verbal Commands', 'Control Holds', 'OC Spray', 'Taser', 'Baton', 'Firearm', 'K9', 'Other'] as const;

/**
 * §8 texts. A save quotes the incident number the member knows, not the database id (issue 19;
 * §8 said 'Saved report (id: {id})').
 */
export const UOF_TEXTS = {
  title: 'Use of force report',
  saveToServer: 'Save to server',
  saving: 'Saving…',
  saveJson: 'Save JSON',
  failedToSave: 'Failed to save',
  saved: (incidentNumber: string) => `Saved report (incident #${incidentNumber})`,
  saveFailed: (reason: string) => `Save failed: ${reason}`,
} as const;

/** The server's messages (server/src/features/use_of_force/model.rs). */
export const UOF_ERRORS = {
  dateRequired: 'Date and time are required.',
  forceRequired: 'Select at least one type of force used.',
  narrativeRequired: 'Narrative is required.',
} as const;

export interface UofForm extends ReportFormRows<'deputies'> {
  incidentNumber: string;
  /** 'YYYY-MM-DDTHH:MM' (a datetime-local value). */
  incidentDate: string;
  location: string;
  subjectName: string;
  subjectDescription: string;
  subjectAddress: string;
  forceTypes: string[];
  forceDetails: string;
  narrative: string;
}

/**
 * §5: the incident number suggested (the server's next number: one more than the highest
 * digits of existing reports), '1' when it could not be loaded. A number cleared by the user
 * is allocated by the server at save.
 */
export function suggestedNumber(answer: string | undefined, failed: boolean): string {
  if (failed) return '1';
  return answer?.trim() ?? '';
}

/** A new form: the suggested number, now, and the viewer (when on the roster) as first deputy. */
export function newUofForm(incidentNumber: string, viewer: OfficerValue | null, now: Date): UofForm {
  return {
    incidentNumber,
    incidentDate: localDateTime(now),
    location: '',
    deputies: [firstOfficer(viewer)],
    subjectName: '',
    subjectDescription: '',
    subjectAddress: '',
    forceTypes: [],
    forceDetails: '',
    witnesses: [],
    narrative: '',
    evidence: [],
  };
}

/** The ticked force types in §9 order (anything else dropped). */
export function orderedForceTypes(types: readonly string[]): string[] {
  return FORCE_TYPES.filter((t) => types.includes(t));
}

/** The draft sent to `POST /api/uof` (and written by 'Save JSON'). */
export interface UofDraftValues {
  incidentNumber: string;
  incidentDate: string;
  location: string;
  weather: string;
  jurisdiction: string;
  officers: OfficerValue[];
  subjectName: string;
  subjectDescription: string;
  subjectAddress: string;
  forceTypes: string[];
  forceDetails: string;
  subjectWeapons: string;
  officerWeapons: string;
  subjectInjuries: string;
  officerInjuries: string;
  medicalProvided: string;
  witnesses: { name: string; contact: string }[];
  evidence: { label: string; url: string }[];
  narrative: string;
}

/**
 * The draft of the form: text trimmed, blank deputy, witness and evidence rows dropped,
 * callsigns stripped of spaces and dashes. A blank incident number stays blank: the server
 * allocates the next one. Fields the form does not ask for are sent empty.
 */
export function draftOf(form: UofForm): UofDraftValues {
  return {
    incidentNumber: form.incidentNumber.trim(),
    incidentDate: form.incidentDate.trim(),
    location: form.location.trim(),
    weather: '',
    jurisdiction: '',
    officers: officerValues(form.deputies),
    subjectName: form.subjectName.trim(),
    subjectDescription: form.subjectDescription.trim(),
    subjectAddress: form.subjectAddress.trim(),
    forceTypes: orderedForceTypes(form.forceTypes),
    forceDetails: form.forceDetails.trim(),
    subjectWeapons: '',
    officerWeapons: '',
    subjectInjuries: '',
    officerInjuries: '',
    medicalProvided: '',
    witnesses: witnessValues(form.witnesses),
    evidence: evidenceValues(form.evidence),
    narrative: form.narrative.trim(),
  };
}

/** True when the form differs from where it started (row keys aside). */
export function isDirty(form: UofForm, initial: UofForm): boolean {
  return draftChanged(draftOf, form, initial);
}

/** The name of the file 'Save JSON' writes: 'use-of-force-1043.json' ('…-draft.json' without a number). */
export function jsonFileName(form: UofForm): string {
  const number = form.incidentNumber.trim().replace(/[^A-Za-z0-9_-]+/g, '-');
  return `use-of-force-${number === '' ? 'draft' : number}.json`;
}

/** The content of that file: the report as it would be sent, indented. */
export function reportJson(form: UofForm): string {
  return `${JSON.stringify(draftOf(form), null, 2)}\n`;
}

/**
 * Everything the server would refuse in the form that the form can know, by field path
 * ('location', 'deputies.0.name', 'evidence.1.url'), in the order of the form: the number
 * (blank or 1 to 999,999,999), the date (required, real, from 2000-01-01 to tomorrow), the
 * location, a deputy with a name, a type of force, the narrative and http(s) evidence links.
 */
export function uofFormErrors(form: UofForm, now: Date): FieldErrors {
  const errors: FieldErrors = { ...reportHeadErrors(form, now, {
      number: { field: 'incidentNumber', label: 'Incident number' },
      date: { field: 'incidentDate', label: 'Incident date' },
      dateRequired: UOF_ERRORS.dateRequired,
    }), ...officerErrors(form.deputies, 'deputies') };
  if (orderedForceTypes(form.forceTypes).length === 0) errors.forceTypes = UOF_ERRORS.forceRequired;
  if (form.narrative.trim() === '') errors.narrative = UOF_ERRORS.narrativeRequired;
  Object.assign(errors, evidenceErrors(form.evidence));
  return errors;
}
