/**
 * Command → Qualifications (issue 23): the texts, the catalogue editor's form and its checks
 * (the server's words), and what a save sends. Pure.
 */

import { wholeIn, type WholeRange } from '@/lib/whole-range';

export const PAGE_TITLE = 'Qualifications';
export const PAGE_DESCRIPTION =
  'What members may be qualified for, how long a qualification lasts, and the training that grants it.';
export const NO_QUALIFICATIONS = 'No qualifications yet. Add the first one.';
export const CATALOGUE_UNAVAILABLE = 'Qualifications unavailable';
export const EXPIRING_UNAVAILABLE = 'Unable to load expiring qualifications';
export const CONFIRM_DELETE = 'Delete this qualification? This cannot be undone.';
export const NAME_REQUIRED = 'Qualification name is required.';
export const BAD_VALIDITY = 'A qualification lasts 1 to 3650 days, or has no expiry.';
export const BAD_DAYS = 'Days must be a whole number from 1 to 365.';
export const NAME_MAX = 120;
export const DESCRIPTION_MAX = 1000;
export const BADGE_MAX = 2048;
export const VALIDITY_DAYS: WholeRange = { min: 1, max: 3650 };
export const EXPIRING_DAYS: WholeRange = { min: 1, max: 365 };

/** 'expires' with a number of days, or 'never'. */
export type ValidityKind = 'expires' | 'never';

/** The Add/Edit qualification form. */
export interface QualificationFormValues {
  name: string;
  description: string;
  validity: ValidityKind;
  /** Days a grant lasts ('' while blank). */
  days: number | string;
  /** A portal path from an upload or an http(s) URL; '' for none. */
  badge: string;
  /** The training template (its id as text), or null for none. */
  templateId: string | null;
}

/** What the form needs of a qualification of the catalogue. */
export interface QualificationLike {
  name: string;
  description: string;
  validityDays?: number | null;
  badge?: string | null;
  templateId?: number | null;
}

/** The form of `qualification`, or of a new one (lasting a year, no template). */
export function formValues(qualification: QualificationLike | null): QualificationFormValues {
  if (qualification === null) {
    return { name: '', description: '', validity: 'expires', days: 365, badge: '', templateId: null };
  }
  const days = qualification.validityDays ?? null;
  return {
    name: qualification.name,
    description: qualification.description,
    validity: days === null ? 'never' : 'expires',
    days: days ?? 365,
    badge: qualification.badge ?? '',
    templateId: qualification.templateId == null ? null : String(qualification.templateId),
  };
}

/** The form's problems by field (@mantine/form), as the server words them. */
export function formErrors(values: QualificationFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (values.name.trim() === '') errors.name = NAME_REQUIRED;
  if (values.validity === 'expires') {
    if (wholeIn(values.days, VALIDITY_DAYS) === null) errors.days = BAD_VALIDITY;
  }
  return errors;
}

/** The body of `POST /api/qualifications` and `PATCH /api/qualifications/{id}`: every field, so an edit says what it keeps and clears. */
export interface QualificationBody {
  name: string;
  description: string;
  validityDays: number | null;
  clearValidity: boolean;
  badge: string;
  templateId: number | null;
  clearTemplate: boolean;
}

/** What a save sends: text trimmed; no expiry and no template are said outright (`clear…`). */
export function qualificationBody(values: QualificationFormValues): QualificationBody {
  const never = values.validity === 'never';
  const template = values.templateId === null || values.templateId === '' ? null : Number(values.templateId);
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    validityDays: never ? null : Number(values.days),
    clearValidity: never,
    badge: values.badge.trim(),
    templateId: template,
    clearTemplate: template === null,
  };
}

/** Whether `raw` (a number input's value) is a whole number of days the expiring list takes. */
export function expiringDays(raw: number | string): number | null {
  return wholeIn(raw, EXPIRING_DAYS);
}

/** 'Held by 3 members', 'Held by 1 member', 'Not held by anyone'. */
export function holdersText(holders: number): string {
  if (holders <= 0) return 'Not held by anyone';
  return holders === 1 ? 'Held by 1 member' : `Held by ${String(holders)} members`;
}

/** 'Expires today', 'Expires tomorrow', 'Expires in 5 days'. */
export function daysLeftText(daysLeft: number): string {
  if (daysLeft <= 0) return 'Expires today';
  if (daysLeft === 1) return 'Expires tomorrow';
  return `Expires in ${String(daysLeft)} days`;
}

/** 'No qualification expires within the next 14 days.' */
export function noneExpiringText(days: number): string {
  return `No qualification expires within the next ${days === 1 ? 'day' : `${String(days)} days`}.`;
}
