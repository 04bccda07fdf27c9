import { describe, expect, it } from 'vitest';
import { emptyEvidence, emptyOfficer, emptyWitness, withPickedOfficer } from '@/lib/report-rows';
import {
  draftOf,
  FORCE_TYPES,
  isDirty,
  jsonFileName,
  newUofForm,
  orderedForceTypes,
  reportJson,
  suggestedNumber,
  UOF_TEXTS,
  uofFormErrors,
} from './uof-form';

const NOW = new Date(2026, 10, 20, 21, 5);
const CASEY = { name: 'Casey Nguyen', rank: 'Deputy', callsign: 'R-13' };

describe('use-of-force form', () => {
  it('lists the force types of §9', () => {
    expect(FORCE_TYPES).toEqual(['Verbal Commands', 'Control Holds', 'OC Spray', 'Taser', 'Baton', 'Firearm', 'K9', 'Other']);
    expect(orderedForceTypes(['Taser', 'Lasso', 'Verbal Commands'])).toEqual(['Verbal Commands', 'Taser']);
  });

  it("suggests the server's next number, '1' when it could not be loaded", () => {
    expect(suggestedNumber('1043', false)).toBe('1043');
    expect(suggestedNumber(undefined, true)).toBe('1');
    expect(suggestedNumber(undefined, false)).toBe('');
  });

  it('starts with now and the viewer as the locked first deputy (callsign compact)', () => {
    const form = newUofForm('1043', CASEY, NOW);
    expect(form.incidentNumber).toBe('1043');
    expect(form.incidentDate).toBe('2026-11-20T21:05');
    expect(form.deputies).toEqual([{ key: expect.any(String) as unknown, name: 'Casey Nguyen', rank: 'Deputy', callsign: 'R13', locked: true }]);
    const nobody = newUofForm('1', null, NOW);
    expect(nobody.deputies[0]?.locked).toBe(false);
  });

  it('fills the last blank row with a picked deputy, or adds one; never twice', () => {
    const form = newUofForm('1', CASEY, NOW);
    const added = withPickedOfficer(form.deputies, { name: 'Sam Whitaker', rank: 'Sergeant', callsign: 'S 3' })!;
    expect(added.map((d) => [d.name, d.callsign, d.locked])).toEqual([
      ['Casey Nguyen', 'R13', true],
      ['Sam Whitaker', 'S3', false],
    ]);
    const blank = emptyOfficer();
    const filled = withPickedOfficer([...form.deputies, blank], { name: 'Sam Whitaker', rank: 'Sergeant', callsign: 'S3' })!;
    expect(filled).toHaveLength(2);
    expect(filled[1]?.key).toBe(blank.key);
    expect(withPickedOfficer(added, { name: 'sam whitaker', rank: '', callsign: 'S-3' })).toBeNull();
  });

  it('drafts the form: trimmed, blank rows dropped, callsigns stripped, blank number left to the server', () => {
    const form = {
      ...newUofForm('', CASEY, NOW),
      location: ' Sandy Shores ',
      subjectName: ' Trevor Phillips ',
      forceTypes: ['Taser', 'Verbal Commands'],
      narrative: ' Charged. ',
      deputies: [...newUofForm('', CASEY, NOW).deputies, { ...emptyOfficer(), name: 'Sam', callsign: 's - 3' }, emptyOfficer()],
      witnesses: [{ ...emptyWitness(), name: ' Ron ' }, emptyWitness()],
      evidence: [{ ...emptyEvidence(), label: 'Cam', url: ' https://x.example/1 ' }, emptyEvidence()],
    };
    const draft = draftOf(form);
    expect(draft).toMatchObject({
      incidentNumber: '',
      location: 'Sandy Shores',
      subjectName: 'Trevor Phillips',
      forceTypes: ['Verbal Commands', 'Taser'],
      narrative: 'Charged.',
      officers: [
        { name: 'Casey Nguyen', rank: 'Deputy', callsign: 'R13' },
        { name: 'Sam', rank: '', callsign: 's3' },
      ],
      witnesses: [{ name: 'Ron', contact: '' }],
      evidence: [{ label: 'Cam', url: 'https://x.example/1' }],
      weather: '',
      medicalProvided: '',
    });
  });

  it('knows when it holds changes', () => {
    const start = newUofForm('4', CASEY, NOW);
    expect(isDirty({ ...start, deputies: start.deputies.map((d) => ({ ...d, key: 'other' })) }, start)).toBe(false);
    expect(isDirty({ ...start, location: 'x' }, start)).toBe(true);
  });

  it("names and writes the 'Save JSON' file", () => {
    const form = { ...newUofForm('1043', CASEY, NOW), narrative: 'Charged.' };
    expect(jsonFileName(form)).toBe('use-of-force-1043.json');
    expect(jsonFileName({ ...form, incidentNumber: ' ' })).toBe('use-of-force-draft.json');
    expect(jsonFileName({ ...form, incidentNumber: 'A/7 b' })).toBe('use-of-force-A-7-b.json');
    expect(JSON.parse(reportJson(form))).toEqual(draftOf(form));
  });

  it('words the §8 messages', () => {
    // Issue 19: the incident number the member knows, not the database id.
    expect(UOF_TEXTS.saved('12')).toBe('Saved report (incident #12)');
    expect(UOF_TEXTS.saveFailed('Narrative is required.')).toBe('Save failed: Narrative is required.');
  });
});

describe('uofFormErrors (what the server would refuse, issue 19)', () => {
  const filled = () => ({ ...newUofForm('1043', CASEY, NOW), location: 'Sandy Shores', forceTypes: ['Taser'], narrative: 'Charged.' });

  it('finds nothing in a complete form', () => {
    expect(uofFormErrors(filled(), NOW)).toEqual({});
    expect(uofFormErrors({ ...filled(), incidentNumber: '' }, NOW)).toEqual({});
  });

  it('marks every problem at once, in the order of the form', () => {
    const form = {
      ...newUofForm('0', null, NOW),
      incidentDate: '',
      evidence: [{ ...emptyEvidence(), url: 'ftp://x.test' }],
    };
    expect(uofFormErrors(form, NOW)).toEqual({
      incidentNumber: 'Incident number must be a whole number from 1 to 999999999.',
      incidentDate: 'Date and time are required.',
      location: 'Location is required.',
      'deputies.0.name': 'Add at least one officer with a name.',
      forceTypes: 'Select at least one type of force used.',
      narrative: 'Narrative is required.',
      'evidence.0.url': 'Evidence links must be http(s) URLs.',
    });
  });

  it('checks the date is real and in range', () => {
    expect(uofFormErrors({ ...filled(), incidentDate: '1999-01-01T10:00' }, NOW)).toEqual({
      incidentDate: 'Incident date must be between 2000-01-01 and today.',
    });
  });
});
