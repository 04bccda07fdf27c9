import { describe, expect, it } from 'vitest';
import { ASSAULT, speeding } from '@/test-utils/penal-codes';
import openapiText from '../../../../openapi.json?raw';
import {
  BAD_CLASSIFICATION,
  categoriesOf,
  CATEGORY_MAX,
  classificationColor,
  countLine,
  DESCRIPTION_MAX,
  entryFromForm,
  FAILED_TO_SAVE_PENAL_CODES,
  formValues,
  IMPORT_EMPTY,
  IMPORT_NOT_A_LIST,
  IMPORT_NOT_JSON,
  IMPORT_TOO_MANY,
  importedNotice,
  isStale,
  MIN_ABOVE_MAX,
  parseImport,
  PENAL_CODES_CHANGED,
  sameCatalogue,
  saveErrorText,
  searchPenalCodes,
  STATUTE_AND_TITLE_REQUIRED,
  STATUTE_MAX,
  TITLE_MAX,
  toEntry,
  updatedLine,
  validatePenalCode,
  WHOLE_NUMBER,
  wholeAmount,
  withCode,
  withoutCode,
  type PenalCodeFormValues,
  type PenalCodeLike,
} from './penal-codes';

const ITEMS: PenalCodeLike[] = [
  ASSAULT,
  { id: 'pc-201', statute: 'PC 201', title: 'Petty Theft', description: 'Taking property.', category: 'Theft', classification: 'Misdemeanor' },
  speeding({ id: 'vc-301', statute: 'VC 301' }),
  { id: 'x-1', statute: 'X 1', title: 'Loitering', classification: 'Infraction' },
];

const statutesAt = (positions: number[]) => positions.map((index) => ITEMS[index]?.statute);

describe('toEntry and sameCatalogue', () => {
  it('fills absent fields with blanks and zeros', () => {
    expect(toEntry({ statute: 'A', title: 'B', classification: 'Felony' })).toEqual({
      id: '',
      statute: 'A',
      title: 'B',
      description: '',
      category: '',
      classification: 'Felony',
      fineMin: 0,
      fineMax: 0,
      custodyMin: 0,
      custodyMax: 0,
    });
  });

  it('compares lists field by field, in order, absent fields as blanks', () => {
    expect(sameCatalogue(ITEMS, ITEMS.map((item) => toEntry(item)))).toBe(true);
    expect(sameCatalogue(ITEMS, ITEMS.slice(1))).toBe(false);
    expect(sameCatalogue(ITEMS, [...ITEMS].reverse())).toBe(false);
    expect(sameCatalogue(ITEMS, ITEMS.map((item, i) => (i === 2 ? { ...item, fineMax: 501 } : item)))).toBe(false);
    expect(sameCatalogue([], [])).toBe(true);
    // A sparse list (a hole where an entry should be) is not the same.
    expect(sameCatalogue([ITEMS[0]!], new Array<PenalCodeLike>(1))).toBe(false);
  });
});

describe('searchPenalCodes', () => {
  it('finds statute, title, category and description in any case', () => {
    expect(statutesAt(searchPenalCodes(ITEMS, 'assault', null))).toEqual(['PC 101']);
    expect(statutesAt(searchPenalCodes(ITEMS, 'pc201', null))).toEqual(['PC 201']);
    expect(statutesAt(searchPenalCodes(ITEMS, 'vc 301', null))).toEqual(['VC 301']);
    expect(statutesAt(searchPenalCodes(ITEMS, 'PROPERTY', null))).toEqual(['PC 201']);
    expect(statutesAt(searchPenalCodes(ITEMS, 'traffic', null))).toEqual(['VC 301']);
    expect(statutesAt(searchPenalCodes(ITEMS, '  against persons ', null))).toEqual(['PC 101']);
    expect(statutesAt(searchPenalCodes(ITEMS, 'nothing like it', null))).toEqual([]);
  });

  it('answers every position for a blank search', () => {
    expect(searchPenalCodes(ITEMS, '  ', null)).toEqual([0, 1, 2, 3]);
    expect(searchPenalCodes(ITEMS, '', '')).toEqual([0, 1, 2, 3]);
  });

  it('keeps only the chosen category', () => {
    expect(statutesAt(searchPenalCodes(ITEMS, '', 'Traffic'))).toEqual(['VC 301']);
    expect(statutesAt(searchPenalCodes(ITEMS, 'speed', 'Traffic'))).toEqual(['VC 301']);
    expect(statutesAt(searchPenalCodes(ITEMS, 'theft', 'Traffic'))).toEqual([]);
    // A category name found by the search stays within the chosen category.
    expect(statutesAt(searchPenalCodes(ITEMS, 'traffic', 'Theft'))).toEqual([]);
  });
});

describe('list helpers and texts', () => {
  it('lists categories in order of first appearance without blanks', () => {
    expect(categoriesOf([...ITEMS, { statute: 'Z', title: 'Z', category: ' Traffic ', classification: 'Felony' }])).toEqual([
      'Offenses Against Persons',
      'Theft',
      'Traffic',
    ]);
    expect(categoriesOf([])).toEqual([]);
  });

  it('counts entries, and what a search shows of them', () => {
    expect(countLine(146, 146)).toBe('146 penal codes');
    expect(countLine(1, 1)).toBe('1 penal code');
    expect(countLine(3, 146)).toBe('3 of 146 penal codes');
  });

  it('colours classifications', () => {
    expect(classificationColor('Felony')).toBe('red');
    expect(classificationColor(' misdemeanor')).toBe('orange');
    expect(classificationColor('Infraction')).toBe('blue');
    expect(classificationColor('')).toBe('blue');
  });

  it('says when and by whom the list was last saved', () => {
    const format = (date: Date) => date.toISOString().slice(0, 10);
    expect(updatedLine('2026-01-03T14:05:00Z', 'Alex Mercer', format)).toBe('Last saved 2026-01-03 by Alex Mercer');
    expect(updatedLine('2026-01-03T14:05:00Z', null, format)).toBe('Last saved 2026-01-03');
    expect(updatedLine(null, ' system ', format)).toBe('Last saved by system');
    expect(updatedLine('not a date', '  ', format)).toBeNull();
    expect(updatedLine(undefined, undefined, format)).toBeNull();
  });

  it('replaces, appends and removes entries by position', () => {
    expect(withCode(['a', 'b', 'c'], 1, 'B')).toEqual(['a', 'B', 'c']);
    expect(withCode(['a', 'b'], null, 'c')).toEqual(['a', 'b', 'c']);
    expect(withCode(['a', 'b'], 5, 'c')).toEqual(['a', 'b', 'c']);
    expect(withCode(['a', 'b'], -1, 'c')).toEqual(['a', 'b', 'c']);
    expect(withoutCode(['a', 'b', 'c'], 1)).toEqual(['a', 'c']);
    expect(withoutCode(['a'], 3)).toEqual(['a']);
  });
});

describe('the edit form', () => {
  const valid = (overrides: Partial<PenalCodeFormValues> = {}): PenalCodeFormValues => ({
    ...formValues(ITEMS[0]!),
    ...overrides,
  });

  it("starts from the entry's values, or blanks and zeros for a new one", () => {
    expect(formValues(ITEMS[2]!)).toEqual({
      statute: 'VC 301',
      title: 'Speeding',
      description: '',
      category: 'Traffic',
      classification: 'Infraction',
      fineMin: 0,
      fineMax: 500,
      custodyMin: 0,
      custodyMax: 0,
    });
    expect(formValues(null)).toEqual({
      statute: '',
      title: '',
      description: '',
      category: '',
      classification: '',
      fineMin: 0,
      fineMax: 0,
      custodyMin: 0,
      custodyMax: 0,
    });
  });

  it('reads amounts as whole numbers from 0 up to the limit, empty as 0', () => {
    expect(wholeAmount(12, 100)).toBe(12);
    expect(wholeAmount('', 100)).toBe(0);
    expect(wholeAmount(' ', 100)).toBe(0);
    expect(wholeAmount('40', 100)).toBe(40);
    expect(wholeAmount(100, 100)).toBe(100);
    expect(wholeAmount(101, 100)).toBeNull();
    expect(wholeAmount(-1, 100)).toBeNull();
    expect(wholeAmount(1.5, 100)).toBeNull();
    expect(wholeAmount('abc', 100)).toBeNull();
  });

  it('accepts a valid entry', () => {
    expect(validatePenalCode(valid(), ITEMS.slice(1))).toEqual({});
  });

  it("requires statute and title with the server's message", () => {
    expect(validatePenalCode(valid({ statute: ' ', title: '' }), [])).toEqual({
      statute: STATUTE_AND_TITLE_REQUIRED,
      title: STATUTE_AND_TITLE_REQUIRED,
    });
  });

  it('refuses a statute another entry has, in any case', () => {
    expect(validatePenalCode(valid({ statute: ' pc 201 ' }), ITEMS.slice(1))).toEqual({
      statute: "Another penal code already has statute 'pc 201'.",
    });
  });

  it('requires a known classification', () => {
    expect(validatePenalCode(valid({ classification: '' }), [])).toEqual({ classification: BAD_CLASSIFICATION });
    expect(validatePenalCode(valid({ classification: 'Crime' }), [])).toEqual({ classification: BAD_CLASSIFICATION });
  });

  it('checks amounts: whole, from 0, within the limits, the minimum not above the maximum', () => {
    expect(validatePenalCode(valid({ fineMin: -5, custodyMax: 2.5 }), [])).toEqual({
      fineMin: WHOLE_NUMBER,
      custodyMax: WHOLE_NUMBER,
    });
    expect(validatePenalCode(valid({ fineMax: 100_000_001, custodyMin: 12_001, custodyMax: 12_001 }), [])).toEqual({
      fineMax: 'At most 100,000,000.',
      custodyMin: 'At most 12,000.',
      custodyMax: 'At most 12,000.',
    });
    expect(validatePenalCode(valid({ fineMin: 2000, fineMax: 1000, custodyMin: 7, custodyMax: '' }), [])).toEqual({
      fineMax: MIN_ABOVE_MAX,
      custodyMax: MIN_ABOVE_MAX,
    });
    expect(validatePenalCode(valid({ fineMin: '', fineMax: '', custodyMin: '', custodyMax: '' }), [])).toEqual({});
  });

  it('makes the entry: texts trimmed, empty amounts 0, the id kept', () => {
    expect(
      entryFromForm(
        {
          statute: ' PC 9 ',
          title: ' Trespass ',
          description: ' Entering. ',
          category: ' Property ',
          classification: 'Misdemeanor',
          fineMin: '',
          fineMax: 750,
          custodyMin: 0,
          custodyMax: '3',
        },
        'pc-9',
      ),
    ).toEqual({
      id: 'pc-9',
      statute: 'PC 9',
      title: 'Trespass',
      description: 'Entering.',
      category: 'Property',
      classification: 'Misdemeanor',
      fineMin: 0,
      fineMax: 750,
      custodyMin: 0,
      custodyMax: 3,
    });
    expect(entryFromForm(valid({ fineMin: 'x', fineMax: 'y', custodyMin: -1, custodyMax: 0.5 }), '')).toMatchObject({
      id: '',
      fineMin: 0,
      fineMax: 0,
      custodyMin: 0,
      custodyMax: 0,
    });
  });

  it('keeps the limits of the server', () => {
    const spec = JSON.parse(openapiText) as {
      components: { schemas: { PenalCode: { properties: Record<string, { maxLength?: number }> } } };
    };
    const properties = spec.components.schemas.PenalCode.properties;
    expect(properties.statute?.maxLength).toBe(STATUTE_MAX);
    expect(properties.title?.maxLength).toBe(TITLE_MAX);
    expect(properties.description?.maxLength).toBe(DESCRIPTION_MAX);
    expect(properties.category?.maxLength).toBe(CATEGORY_MAX);
  });
});

describe('parseImport', () => {
  it('reads what Export writes', () => {
    const result = parseImport(JSON.stringify({ items: ITEMS.slice(0, 2), categories: [], version: 4 }));
    expect(result).toEqual({ ok: true, items: ITEMS.slice(0, 2).map((item) => toEntry(item)) });
  });

  it('reads a bare array, making wrong types blanks or zeros and dropping unknown fields', () => {
    const result = parseImport(
      JSON.stringify([
        { statute: 'PC 1', title: 'One', classification: 'Felony', fineMin: '100', fineMax: 'lots', custodyMax: 12, extra: true },
        { statute: 7, title: null, description: ['x'], custodyMin: ' ', custodyMax: null },
      ]),
    );
    expect(result).toEqual({
      ok: true,
      items: [
        toEntry({ statute: 'PC 1', title: 'One', classification: 'Felony', fineMin: 100, custodyMax: 12 }),
        toEntry({ statute: '7', title: '', classification: '' }),
      ],
    });
  });

  it('refuses what is not a list of objects', () => {
    expect(parseImport('{"items": [')).toEqual({ ok: false, error: IMPORT_NOT_JSON });
    expect(parseImport('{"codes": []}')).toEqual({ ok: false, error: IMPORT_NOT_A_LIST });
    expect(parseImport('"PC 1"')).toEqual({ ok: false, error: IMPORT_NOT_A_LIST });
    expect(parseImport('null')).toEqual({ ok: false, error: IMPORT_NOT_A_LIST });
    expect(parseImport('[]')).toEqual({ ok: false, error: IMPORT_EMPTY });
    expect(parseImport('{"items": []}')).toEqual({ ok: false, error: IMPORT_EMPTY });
    expect(parseImport('[{"statute": "A"}, 3]')).toEqual({ ok: false, error: 'Entry 2 is not a penal code (an object).' });
    expect(parseImport('[[]]')).toEqual({ ok: false, error: 'Entry 1 is not a penal code (an object).' });
    expect(parseImport(JSON.stringify(Array.from({ length: 2001 }, () => ({}))))).toEqual({ ok: false, error: IMPORT_TOO_MANY });
  });

  it('tells how many were imported', () => {
    expect(importedNotice(12)).toBe('Imported 12 penal codes — review and save');
    expect(importedNotice(1)).toBe('Imported 1 penal code — review and save');
  });
});

describe('failures', () => {
  it("shows the server's text, else the status, else the fallback", () => {
    expect(saveErrorText({ status: 400, serverMessage: STATUTE_AND_TITLE_REQUIRED })).toBe(STATUTE_AND_TITLE_REQUIRED);
    expect(saveErrorText({ status: 500, serverMessage: null })).toBe('Request failed: 500');
    expect(saveErrorText(null)).toBe(FAILED_TO_SAVE_PENAL_CODES);
  });

  it('says the list changed on a stale save', () => {
    expect(saveErrorText({ status: 409, serverMessage: 'Someone else saved this list.' })).toBe('Someone else saved this list.');
    expect(saveErrorText({ status: 409, serverMessage: null })).toBe(PENAL_CODES_CHANGED);
    expect(isStale({ status: 409, serverMessage: null })).toBe(true);
    expect(isStale({ status: 400, serverMessage: null })).toBe(false);
    expect(isStale(null)).toBe(false);
  });
});
