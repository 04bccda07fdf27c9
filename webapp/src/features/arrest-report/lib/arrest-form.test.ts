import { describe, expect, it } from 'vitest';
import { emptyEvidence, emptyOfficer, withPickedOfficer } from '@/lib/report-rows';
import {
  amountOf,
  arrestFormErrors,
  callsignInput,
  caseNumberValue,
  chargeTotals,
  countOf,
  draftOf,
  emptyCharge,
  fillCharge,
  formOfReport,
  isDirty,
  newArrestForm,
  type ChargeRow,
} from './arrest-form';

const ME = { name: 'Casey Nguyen', rank: 'Deputy', callsign: 'R-13' };
const NOW = new Date(2026, 10, 20, 9, 5);

const charge = (overrides: Partial<ChargeRow>): ChargeRow => ({ ...emptyCharge(), ...overrides });

describe('counts and totals (§5)', () => {
  it('treats a blank or invalid count as 1 and keeps counts at least 1', () => {
    expect(countOf('')).toBe(1);
    expect(countOf('abc')).toBe(1);
    expect(countOf(0)).toBe(1);
    expect(countOf(-3)).toBe(1);
    expect(countOf('3')).toBe(3);
    expect(countOf(2.7)).toBe(2);
  });

  it('reads blank or invalid time and bond as 0', () => {
    expect(amountOf('')).toBe(0);
    expect(amountOf('x')).toBe(0);
    expect(amountOf('12')).toBe(12);
    expect(amountOf(-5)).toBe(0);
  });

  it('sums time × count and bond × count', () => {
    const totals = chargeTotals([
      charge({ count: 2, time: 6, bond: 1000 }),
      charge({ count: '', time: '9', bond: '2000' }),
      charge({ count: 'x', time: '', bond: 250 }),
    ]);
    expect(totals).toEqual({ time: 21, bond: 4250 });
    expect(chargeTotals([])).toEqual({ time: 0, bond: 0 });
  });
});

describe('fillCharge (§5 penal code fill rule)', () => {
  it('fills statute, charge, time from the maximum custody and bond from the maximum fine', () => {
    const row = fillCharge(charge({ count: '' }), {
      statute: 'PC 101',
      title: 'Assault',
      fineMin: 250,
      fineMax: 1000,
      custodyMin: 1,
      custodyMax: 6,
    });
    expect(row).toMatchObject({ statute: 'PC 101', charge: 'Assault', count: 1, time: 6, bond: 1000 });
  });

  it('falls back to the minimums and keeps a count already given', () => {
    const row = fillCharge(charge({ count: 3, time: 99 }), { statute: 'PC 9', title: 'Loitering', fineMin: 100, custodyMin: 2 });
    expect(row).toMatchObject({ count: 3, time: 2, bond: 100 });
    const none = fillCharge(charge({}), { statute: 'VC 1', title: 'Speeding', custodyMax: 0 });
    expect(none).toMatchObject({ time: 0, bond: 0, count: 1 });
  });
});

describe('officers', () => {
  it('starts with the viewer as a locked first row, callsign stripped', () => {
    const form = newArrestForm('42', ME, NOW);
    expect(form.officers).toHaveLength(1);
    expect(form.officers[0]).toMatchObject({ name: 'Casey Nguyen', rank: 'Deputy', callsign: 'R13', locked: true });
    expect(form.caseNumber).toBe('42');
    expect(form.arrestDate).toBe('2026-11-20T09:05');
    expect(newArrestForm('1', null, NOW).officers[0]).toMatchObject({ name: '', locked: false });
  });

  it('fills the last blank row with a picked deputy, else adds one, never twice', () => {
    const start = newArrestForm('1', ME, NOW).officers;
    const added = withPickedOfficer(start, { name: 'Jordan Reyes', rank: 'Sergeant', callsign: 'B12' })!;
    expect(added.map((row) => row.name)).toEqual(['Casey Nguyen', 'Jordan Reyes']);
    expect(withPickedOfficer(added, { name: 'jordan reyes', rank: 'Sergeant', callsign: 'B-12' })).toBeNull();
    const blank = newArrestForm('1', null, NOW).officers;
    const filled = withPickedOfficer(blank, { name: 'Sam Whitaker', rank: 'Lieutenant', callsign: 'L 4' })!;
    expect(filled).toHaveLength(1);
    expect(filled[0]).toMatchObject({ name: 'Sam Whitaker', callsign: 'L4', key: blank[0]!.key });
  });

  it('strips spaces and dashes from callsign input', () => {
    expect(callsignInput(' B - 12 ')).toBe('B12');
  });
});

describe('draftOf', () => {
  it('sends the case number as incident number, drops blank rows and applies the count rule', () => {
    const form = newArrestForm('42', ME, NOW);
    form.location = ' Vinewood ';
    form.suspect.name = 'Lamar Davis';
    form.charges = [charge({ statute: 'PC 101', charge: 'Assault', count: '', time: '6', bond: 1000 }), emptyCharge()];
    form.witnesses = [{ key: 'w', name: ' ', contact: '' }, { key: 'w2', name: 'Ann', contact: '555' }];
    form.evidence = [{ key: 'e', label: 'Cam', url: 'https://x.test/1' }];
    const draft = draftOf(form);
    expect(draft.caseNumber).toBe(42);
    expect(draft.incidentNumber).toBe(42);
    expect(draft.location).toBe('Vinewood');
    expect(draft.officers).toEqual([{ name: 'Casey Nguyen', rank: 'Deputy', callsign: 'R13' }]);
    expect(draft.charges).toEqual([{ statute: 'PC 101', charge: 'Assault', count: 1, time: 6, bond: 1000 }]);
    expect(draft.witnesses).toEqual([{ name: 'Ann', contact: '555' }]);
    expect(draft.evidence).toEqual([{ label: 'Cam', url: 'https://x.test/1' }]);
  });

  it('sends a blank case number as null and text as text', () => {
    expect(caseNumberValue(' ')).toBeNull();
    expect(caseNumberValue('0012')).toBe(12);
    expect(caseNumberValue('A-7')).toBe('A-7');
  });

  it('tells a changed form from a fresh one', () => {
    const initial = newArrestForm('42', ME, NOW);
    const form = { ...initial, narrative: '' };
    expect(isDirty(form, initial)).toBe(false);
    expect(isDirty({ ...initial, narrative: 'Saw it.' }, initial)).toBe(true);
  });
});

describe('formOfReport', () => {
  it('prefills a returned report and locks the first officer when it is the viewer', () => {
    const charges = [{ key: 'c', statute: 'PC 1', charge: 'X', count: 1, time: 2, bond: 3 }];
    const form = formOfReport({ ...draftOf({ ...newArrestForm('7', ME, NOW), charges }), caseNumber: '7' }, ME);
    expect(form.officers[0]!.locked).toBe(true);
    expect(form.charges[0]).toMatchObject({ statute: 'PC 1', count: 1, time: 2, bond: 3 });
    expect(formOfReport({ ...form, charges: [], officers: [] }, ME).charges).toHaveLength(1);
  });
});

describe('arrestFormErrors (what the server would refuse, issue 19)', () => {
  const filled = () => ({
    ...newArrestForm('12', ME, NOW),
    location: 'Vinewood',
    suspect: { name: 'Lamar Davis', address: '', description: '' },
    charges: [charge({ statute: 'PC 101' })],
  });

  it('finds nothing in a complete form; a blank case number is the server\'s to give', () => {
    expect(arrestFormErrors(filled(), NOW)).toEqual({});
    expect(arrestFormErrors({ ...filled(), caseNumber: ' ' }, NOW)).toEqual({});
  });

  it('marks every problem at once, in the order of the form', () => {
    const form = {
      ...newArrestForm('12345678901', null, NOW),
      arrestDate: '',
      charges: [emptyCharge(), charge({ time: 3 })],
      evidence: [{ ...emptyEvidence(), label: 'Cam' }, emptyEvidence(), { ...emptyEvidence(), url: 'javascript:alert(1)' }],
    };
    expect(arrestFormErrors(form, NOW)).toEqual({
      caseNumber: 'Case number must be a whole number from 1 to 999999999.',
      arrestDate: 'Arrest date is required.',
      location: 'Location is required.',
      'officers.0.name': 'Add at least one officer with a name.',
      'suspect.name': 'Suspect name is required.',
      'charges.1.charge': 'Each charge needs a statute or a charge.',
      'evidence.0.url': 'Evidence links must be http(s) URLs.',
      'evidence.2.url': 'Evidence links must be http(s) URLs.',
    });
    expect(Object.keys(arrestFormErrors(form, NOW))[0]).toBe('caseNumber');
  });

  it('says a charge is needed on the first row, or on the list without rows', () => {
    expect(arrestFormErrors({ ...filled(), charges: [emptyCharge()] }, NOW)).toEqual({ 'charges.0.charge': 'Add at least one charge.' });
    expect(arrestFormErrors({ ...filled(), charges: [] }, NOW)).toEqual({ charges: 'Add at least one charge.' });
  });

  it('keeps counts, time and bond within the server\'s limits', () => {
    expect(arrestFormErrors({ ...filled(), charges: [charge({ statute: 'PC 1', count: 1001, time: 12_001, bond: 100_000_001 })] }, NOW)).toEqual({
      'charges.0.count': 'A count is from 1 to 1000.',
      'charges.0.time': 'Time is at most 12,000 months.',
      'charges.0.bond': 'Bond is at most $100,000,000.',
    });
  });

  it('checks the date is real and from 2000-01-01 to tomorrow', () => {
    expect(arrestFormErrors({ ...filled(), arrestDate: '2026-02-30T10:00' }, NOW)).toEqual({
      arrestDate: 'Arrest date must be a date such as 2026-11-20 or 2026-11-20T21:30.',
    });
    expect(arrestFormErrors({ ...filled(), arrestDate: '2031-01-01T10:00' }, NOW)).toEqual({
      arrestDate: 'Arrest date must be between 2000-01-01 and today.',
    });
  });

  it('needs a named officer: on the first row that can be typed in, or on the list', () => {
    expect(arrestFormErrors({ ...filled(), officers: [] }, NOW)).toEqual({ officers: 'Add at least one officer with a name.' });
    expect(arrestFormErrors({ ...filled(), officers: [emptyOfficer(), emptyOfficer()] }, NOW)).toEqual({
      'officers.0.name': 'Add at least one officer with a name.',
    });
  });
});
