/**
 * Penal code management (member-portal §3 "Penal code entry", §5, §8; README "Penal codes"):
 * texts, the limits and rules of a catalogue save as the server applies them, the search of
 * the screen, the edit form's values and checks, and the JSON import. Pure.
 *
 * Display formats come from `@/lib/penal-format` (shared with the report forms' 'Search Penal
 * Code' dialog, so both show an entry the same way): money as US dollars without decimals,
 * '$500' when minimum and maximum are equal, '$250 – $1,000' for a range, 'Up to $1,000' when
 * only a maximum is set (minimum 0), '$500+' when only a minimum is set (the server refuses a
 * minimum above the maximum, so saved entries never show it), 'None' when both are 0; custody
 * the same way in months ('1 month', '6 months', 'Up to 12 months', '12 – 24 months').
 */

import type { CallFailure } from '@/lib/catalogue-failure';
import { countText } from '@/lib/catalogue-list';
import { filterPenalCodes } from '@/lib/penal-format';

export { updatedLine } from '@/lib/updated-line';

export const PENAL_CODES_TITLE = 'Penal codes';
export const PENAL_CODES_UNAVAILABLE = 'Penal codes unavailable';
export const NO_PENAL_CODES = 'No penal codes yet';
export const NO_MATCHING_PENAL_CODES = 'No matching penal codes';
export const PENAL_CODES_SAVED = 'Penal codes saved.';
export const FAILED_TO_SAVE_PENAL_CODES = 'Failed to save penal codes';
/** What a save answered with 409 says when the server gave no text (it normally does). */
export const PENAL_CODES_CHANGED = 'The penal code list changed since you opened it. Reload to see the current list.';
export const RELOAD_DROPS_CHANGES = 'Reload loads the current list; your unsaved changes are dropped.';
export const CONFIRM_DELETE_PENAL_CODE = 'Remove this penal code from the list? It is gone once you save.';
export const CONFIRM_DISCARD = 'Drop your unsaved changes to the penal codes?';
export const CONFIRM_IMPORT_OVER_CHANGES = 'Importing replaces the list, and your unsaved changes with it. Continue?';
export const UNSAVED_PENAL_CODES = 'You have unsaved changes. Press Save changes to keep them.';

/** The server's messages (server/src/features/penal_codes/model.rs). */
export const STATUTE_AND_TITLE_REQUIRED = 'Each penal code needs a statute and a title.';
export const BAD_CLASSIFICATION = 'Classification must be Infraction, Misdemeanor or Felony.';
export const WHOLE_NUMBER = 'Enter a whole number from 0.';
export const MIN_ABOVE_MAX = 'The minimum must not be above the maximum.';

export const CLASSIFICATIONS = ['Infraction', 'Misdemeanor', 'Felony'] as const;

/** Limits of the server (`PenalCode` maxLength in the OpenAPI description, `MAX_*` of the model). */
export const STATUTE_MAX = 32;
export const TITLE_MAX = 120;
export const DESCRIPTION_MAX = 1000;
export const CATEGORY_MAX = 60;
export const MAX_ENTRIES = 2000;
/** Largest fine (whole dollars) and custody (whole months) an entry may carry. */
export const FINE_MAX = 100_000_000;
export const CUSTODY_MAX = 12_000;

/** A penal code entry as the API holds it (the generated `PenalCode` fits it). */
export interface PenalCodeLike {
  id?: string;
  statute: string;
  title: string;
  description?: string;
  category?: string;
  classification: string;
  fineMin?: number;
  fineMax?: number;
  custodyMin?: number;
  custodyMax?: number;
}

/** An entry with every field present (what the screen stages and saves). */
export interface PenalCodeEntry {
  id: string;
  statute: string;
  title: string;
  description: string;
  category: string;
  classification: string;
  fineMin: number;
  fineMax: number;
  custodyMin: number;
  custodyMax: number;
}

/** The entry with its absent fields filled in ('' and 0). */
export function toEntry(code: PenalCodeLike): PenalCodeEntry {
  return {
    id: code.id ?? '',
    statute: code.statute,
    title: code.title,
    description: code.description ?? '',
    category: code.category ?? '',
    classification: code.classification,
    fineMin: code.fineMin ?? 0,
    fineMax: code.fineMax ?? 0,
    custodyMin: code.custodyMin ?? 0,
    custodyMax: code.custodyMax ?? 0,
  };
}

const FIELDS = [
  'id',
  'statute',
  'title',
  'description',
  'category',
  'classification',
  'fineMin',
  'fineMax',
  'custodyMin',
  'custodyMax',
] as const satisfies readonly (keyof PenalCodeEntry)[];

/** Whether two lists hold the same entries in the same order (absent fields count as '' and 0). */
export function sameCatalogue(a: readonly PenalCodeLike[], b: readonly PenalCodeLike[]): boolean {
  if (a.length !== b.length) return false;
  return a.every((code, index) => {
    const other = b[index];
    if (other === undefined) return false;
    const left = toEntry(code);
    const right = toEntry(other);
    return FIELDS.every((field) => left[field] === right[field]);
  });
}

/**
 * The positions in `items` of the entries of `category` (null or '': every category) whose
 * statute, title, category or description contains `query` (trimmed, any case; 'pc101' also
 * finds 'PC 101'; the classification matches too, as in the report forms' search).
 */
export function searchPenalCodes(items: readonly PenalCodeLike[], query: string, category: string | null): number[] {
  const needle = query.trim().toLowerCase();
  const inCategory = new Set(filterPenalCodes(items, '', category));
  const matching = new Set(filterPenalCodes(items, query, category));
  const positions: number[] = [];
  items.forEach((item, index) => {
    if (!inCategory.has(item)) return;
    if (matching.has(item) || (needle !== '' && (item.category ?? '').toLowerCase().includes(needle))) {
      positions.push(index);
    }
  });
  return positions;
}

/** The categories of the list in order of first appearance, blank ones left out (as the server lists them). */
export function categoriesOf(items: readonly PenalCodeLike[]): string[] {
  const out: string[] = [];
  for (const item of items) {
    const category = (item.category ?? '').trim();
    if (category !== '' && !out.includes(category)) out.push(category);
  }
  return out;
}

/** '146 penal codes', '1 penal code'; '3 of 146 penal codes' while a search or filter hides some. */
export function countLine(shown: number, total: number): string {
  return shown === total ? countText(total, 'penal code') : `${String(shown)} of ${countText(total, 'penal code')}`;
}

/** Badge colour of a classification: felonies red, misdemeanours orange, infractions (and the rest) blue. */
export function classificationColor(classification: string): string {
  const lower = classification.trim().toLowerCase();
  if (lower === 'felony') return 'red';
  if (lower === 'misdemeanor') return 'orange';
  return 'blue';
}

// ——— The edit form ———

/** The edit form's values; a number field holds '' while it is empty (Mantine's NumberInput). */
export interface PenalCodeFormValues {
  statute: string;
  title: string;
  description: string;
  category: string;
  classification: string;
  fineMin: number | string;
  fineMax: number | string;
  custodyMin: number | string;
  custodyMax: number | string;
}

export type PenalCodeFormErrors = Partial<Record<keyof PenalCodeFormValues, string>>;

/** The form's start: the entry's values, or blanks (amounts 0) for a new entry. */
export function formValues(code: PenalCodeLike | null): PenalCodeFormValues {
  const entry = toEntry(code ?? { statute: '', title: '', classification: '' });
  return {
    statute: entry.statute,
    title: entry.title,
    description: entry.description,
    category: entry.category,
    classification: entry.classification,
    fineMin: entry.fineMin,
    fineMax: entry.fineMax,
    custodyMin: entry.custodyMin,
    custodyMax: entry.custodyMax,
  };
}

/** A form amount as a number: '' (empty) is 0; anything but a whole number from 0 to `max` is null. */
export function wholeAmount(value: number | string, max: number): number | null {
  const number = typeof value === 'number' ? value : value.trim() === '' ? 0 : Number(value);
  return Number.isInteger(number) && number >= 0 && number <= max ? number : null;
}

function amountErrors(
  min: number | string,
  max: number | string,
  top: number,
  minKey: keyof PenalCodeFormValues,
  maxKey: keyof PenalCodeFormValues,
): PenalCodeFormErrors {
  const tooBig = `At most ${top.toLocaleString('en-US')}.`;
  const problem = (value: number | string) =>
    wholeAmount(value, Number.MAX_SAFE_INTEGER) === null ? WHOLE_NUMBER : wholeAmount(value, top) === null ? tooBig : null;
  const errors: PenalCodeFormErrors = {};
  const minProblem = problem(min);
  const maxProblem = problem(max);
  if (minProblem !== null) errors[minKey] = minProblem;
  if (maxProblem !== null) errors[maxKey] = maxProblem;
  const low = wholeAmount(min, top);
  const high = wholeAmount(max, top);
  if (low !== null && high !== null && low > high) errors[maxKey] = MIN_ABOVE_MAX;
  return errors;
}

/**
 * The form's errors, by field (none: it may be applied). The server's rules: statute and title
 * required, the statute not used by another entry (any case), a known classification, whole
 * amounts from 0 within the limits, each minimum not above its maximum.
 */
export function validatePenalCode(values: PenalCodeFormValues, others: readonly PenalCodeLike[]): PenalCodeFormErrors {
  const errors: PenalCodeFormErrors = {};
  const statute = values.statute.trim();
  if (statute === '') errors.statute = STATUTE_AND_TITLE_REQUIRED;
  else if (others.some((other) => other.statute.trim().toLowerCase() === statute.toLowerCase())) {
    errors.statute = `Another penal code already has statute '${statute}'.`;
  }
  if (values.title.trim() === '') errors.title = STATUTE_AND_TITLE_REQUIRED;
  if (!CLASSIFICATIONS.some((known) => known === values.classification)) errors.classification = BAD_CLASSIFICATION;
  return {
    ...errors,
    ...amountErrors(values.fineMin, values.fineMax, FINE_MAX, 'fineMin', 'fineMax'),
    ...amountErrors(values.custodyMin, values.custodyMax, CUSTODY_MAX, 'custodyMin', 'custodyMax'),
  };
}

/** The entry the (valid) form describes, texts trimmed; `id` is the edited entry's ('' for a new one: the server gives it one). */
export function entryFromForm(values: PenalCodeFormValues, id: string): PenalCodeEntry {
  return {
    id,
    statute: values.statute.trim(),
    title: values.title.trim(),
    description: values.description.trim(),
    category: values.category.trim(),
    classification: values.classification,
    fineMin: wholeAmount(values.fineMin, FINE_MAX) ?? 0,
    fineMax: wholeAmount(values.fineMax, FINE_MAX) ?? 0,
    custodyMin: wholeAmount(values.custodyMin, CUSTODY_MAX) ?? 0,
    custodyMax: wholeAmount(values.custodyMax, CUSTODY_MAX) ?? 0,
  };
}

// ——— Staged list edits ———

/** The list with the entry at `index` replaced by `entry`, or `entry` appended when `index` is null. */
export function withCode<T>(items: readonly T[], index: number | null, entry: T): T[] {
  if (index === null || index < 0 || index >= items.length) return [...items, entry];
  return items.map((current, position) => (position === index ? entry : current));
}

/** The list without the entry at `index`. */
export function withoutCode<T>(items: readonly T[], index: number): T[] {
  return items.filter((_, position) => position !== index);
}

// ——— JSON import ———

export const IMPORT_NOT_JSON = 'The file is not valid JSON.';
export const IMPORT_NOT_A_LIST =
  'The file must hold a list of penal codes: an array, or an object with an "items" array (as Export writes it).';
export const IMPORT_EMPTY = 'The file holds no penal codes.';
export const IMPORT_TOO_MANY = `A catalogue holds at most ${String(MAX_ENTRIES)} penal codes.`;

export type ImportResult = { ok: true; items: PenalCodeEntry[] } | { ok: false; error: string };

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const textOf = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' && Number.isFinite(value) ? String(value) : '';

/** A number as written (a JSON number, or a string of one); anything else 0. The save checks it. */
const numberOf = (value: unknown): number => {
  if (typeof value === 'number') return Number.isFinite(value) ? value : 0;
  if (typeof value === 'string' && value.trim() !== '') {
    const number = Number(value);
    return Number.isFinite(number) ? number : 0;
  }
  return 0;
};

/**
 * Reads an import file: `{items: [...]}` (what Export writes, and what `PUT` takes) or a bare
 * array of entries. Checked only as far as it must be to stage it (it parses, it is a list of
 * 1 to 2,000 objects); fields of the wrong type become '' or 0, unknown fields are dropped,
 * and the server checks the rest when the list is saved.
 */
export function parseImport(text: string): ImportResult {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, error: IMPORT_NOT_JSON };
  }
  const list: unknown = isObject(data) ? data.items : data;
  if (!Array.isArray(list)) return { ok: false, error: IMPORT_NOT_A_LIST };
  if (list.length === 0) return { ok: false, error: IMPORT_EMPTY };
  if (list.length > MAX_ENTRIES) return { ok: false, error: IMPORT_TOO_MANY };
  const items: PenalCodeEntry[] = [];
  for (const [index, value] of (list as unknown[]).entries()) {
    if (!isObject(value)) return { ok: false, error: `Entry ${String(index + 1)} is not a penal code (an object).` };
    items.push({
      id: textOf(value.id),
      statute: textOf(value.statute),
      title: textOf(value.title),
      description: textOf(value.description),
      category: textOf(value.category),
      classification: textOf(value.classification),
      fineMin: numberOf(value.fineMin),
      fineMax: numberOf(value.fineMax),
      custodyMin: numberOf(value.custodyMin),
      custodyMax: numberOf(value.custodyMax),
    });
  }
  return { ok: true, items };
}

/** 'Imported 12 penal codes — review and save' (the list is staged, not saved). */
export function importedNotice(count: number): string {
  return `Imported ${countText(count, 'penal code')} — review and save`;
}

// ——— Failures ———

/** The shared rules of the list screens (what a call failure is, when a save was stale). */
export { isStale, type CallFailure } from '@/lib/catalogue-failure';

/** Save failure: the server's text, else 'Request failed: {status}', else 'Failed to save penal codes'. */
export function saveErrorText(failure: CallFailure | null): string {
  if (failure === null) return FAILED_TO_SAVE_PENAL_CODES;
  if (failure.status === 409) return failure.serverMessage ?? PENAL_CODES_CHANGED;
  return failure.serverMessage ?? `Request failed: ${String(failure.status)}`;
}
