import { describe, expect, it } from 'vitest';
import { emptyEvidence } from '@/lib/report-rows';
import {
  draftOf,
  fineProblem,
  fineRange,
  fineValue,
  isDirty,
  newTicketForm,
  pickedOfficer,
  totalFine,
  ticketFormErrors,
  violationOf,
} from './ticket-form';

const ME = { name: 'Casey Nguyen', rank: 'Deputy', callsign: 'B-13' };
const NOW = new Date(2026, 10, 20, 9, 5);
const SPEEDING = { statute: 'VC 1', title: 'Speeding', classification: 'Infraction', fineMin: 150, fineMax: 500 };

describe('violations', () => {
  it('default to the minimum fine of the entry, within its range', () => {
    const row = violationOf(SPEEDING);
    expect(row).toMatchObject({ statute: 'VC 1', title: 'Speeding', fine: 150, fineMin: 150, fineMax: 500 });
    expect(fineProblem(row)).toBeNull();
  });

  it('read missing bounds as 0 and the minimum', () => {
    expect(fineRange({})).toEqual({ min: 0, max: 0 });
    expect(fineRange({ fineMin: 200 })).toEqual({ min: 200, max: 200 });
    expect(fineRange({ fineMax: 90 })).toEqual({ min: 0, max: 90 });
  });

  it('refuse fines outside the range, blank or fractional, in the server words', () => {
    const row = violationOf(SPEEDING);
    const message = 'The fine for VC 1 must be from $150 to $500.';
    expect(fineProblem({ ...row, fine: 501 })).toBe(message);
    expect(fineProblem({ ...row, fine: 149 })).toBe(message);
    expect(fineProblem({ ...row, fine: '' })).toBe(message);
    expect(fineProblem({ ...row, fine: 200.5 })).toBe(message);
    expect(fineProblem({ ...row, fine: '500' })).toBeNull();
  });

  it('total the fines typed', () => {
    const a = violationOf(SPEEDING);
    const b = { ...violationOf(SPEEDING), fine: '$1,250' };
    const c = { ...violationOf(SPEEDING), fine: '' };
    expect(fineValue('$1,250')).toBe(1250);
    expect(totalFine([a, b, c])).toBe(1400);
    expect(totalFine([])).toBe(0);
  });
});

describe('the ticket form', () => {
  it('starts with the viewer as the issuing officer, read-only', () => {
    const form = newTicketForm('12', ME, NOW);
    expect(form.officer).toEqual({ name: 'Casey Nguyen', rank: 'Deputy', callsign: 'B13', locked: true });
    expect(form.issuedAt).toBe('2026-11-20T09:05');
    expect(newTicketForm('1', null, NOW).officer.locked).toBe(false);
    expect(pickedOfficer({ name: 'Sam', rank: 'Sgt', callsign: 'S 2' })).toEqual({ name: 'Sam', rank: 'Sgt', callsign: 'S2', locked: false });
  });

  it('sends trimmed values, the fines and the evidence links', () => {
    const form = newTicketForm('12', ME, NOW);
    form.location = ' Route 68 ';
    form.violator.name = 'Amanda';
    form.vehicle.plate = ' 4dem00 ';
    form.violations = [{ ...violationOf(SPEEDING), fine: '300' }];
    form.evidence = [
      { key: 'e', label: 'Dashcam', url: 'https://v.test/1' },
      { key: 'f', label: '', url: '' },
    ];
    expect(draftOf(form)).toEqual({
      citationNumber: '12',
      issuedAt: '2026-11-20T09:05',
      location: 'Route 68',
      officer: { name: 'Casey Nguyen', rank: 'Deputy', callsign: 'B13' },
      violator: { name: 'Amanda', address: '', description: '' },
      vehicle: { plate: '4dem00', model: '', colour: '' },
      violations: [{ statute: 'VC 1', title: 'Speeding', fine: 300 }],
      notes: '',
      evidence: [{ label: 'Dashcam', url: 'https://v.test/1' }],
    });
    expect(ticketFormErrors(form, NOW)).toEqual({});
    form.violations = [violationOf(SPEEDING), { ...violationOf(SPEEDING), fine: 900 }];
    expect(ticketFormErrors(form, NOW)).toEqual({ 'violations.1.fine': 'The fine for VC 1 must be from $150 to $500.' });
  });

  it('tells a changed form from a fresh one', () => {
    const initial = newTicketForm('12', ME, NOW);
    expect(isDirty({ ...initial }, initial)).toBe(false);
    expect(isDirty({ ...initial, notes: 'Polite.' }, initial)).toBe(true);
  });
});

describe('ticketFormErrors (what the server would refuse, issue 19)', () => {
  it('marks every problem at once, in the order of the form', () => {
    const form = {
      ...newTicketForm('1234567890', null, NOW),
      issuedAt: '2026-11-20T25:00',
      evidence: [{ ...emptyEvidence(), label: 'Dashcam' }],
    };
    expect(ticketFormErrors(form, NOW)).toEqual({
      citationNumber: 'Citation number must be a whole number from 1 to 999999999.',
      issuedAt: 'Ticket date must be a date such as 2026-11-20 or 2026-11-20T21:30.',
      location: 'Location is required.',
      'officer.name': 'The issuing officer needs a name.',
      'violator.name': 'Violator name is required.',
      violations: 'Add at least one violation.',
      'evidence.0.url': 'Evidence links must be http(s) URLs.',
    });
    expect(ticketFormErrors({ ...form, issuedAt: '' }, NOW).issuedAt).toBe('Date and time are required.');
    expect(ticketFormErrors({ ...form, issuedAt: '2040-01-01T10:00' }, NOW).issuedAt).toBe('Ticket date must be between 2000-01-01 and today.');
  });
});
