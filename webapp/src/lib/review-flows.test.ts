import { describe, expect, it } from 'vitest';
import {
  ARREST_FLOW,
  buttonEnabled,
  defaultOutcome,
  isDecision,
  missingNotes,
  NOTES_REQUIRED,
  notesValue,
  OPEN_REQUEST,
  opensOnView,
  outcomeOptions,
  requestOf,
  reviewClosed,
  signatureLine,
  statusColor,
  statusFilterOptions,
  statusLabel,
  transitionText,
  UOF_FLOW,
  type ReviewButton,
  type ReviewFlow,
} from './review-flows';

const button = (flow: ReviewFlow, id: string): ReviewButton => {
  const found = flow.buttons.find((b) => b.id === id);
  if (found === undefined) throw new Error(`no button ${id}`);
  return found;
};

describe('use-of-force flow (command-and-reports §4)', () => {
  it('labels and colours the four statuses', () => {
    expect(UOF_FLOW.statuses.map((s) => [s.value, statusLabel(UOF_FLOW, s.value), statusColor(UOF_FLOW, s.value)])).toEqual([
      ['pending', 'Pending', 'gray'],
      ['under_review', 'Under Review', 'orange'],
      ['in_policy', 'In Policy', 'green'],
      ['out_of_policy', 'Out of Policy', 'red'],
    ]);
  });

  it('shows an unknown status as it is, in gray', () => {
    expect(statusLabel(UOF_FLOW, 'lost')).toBe('lost');
    expect(statusLabel(UOF_FLOW, ' ')).toBe('—');
    expect(statusColor(UOF_FLOW, 'lost')).toBe('gray');
  });

  it('filters by every status after All statuses', () => {
    expect(statusFilterOptions(UOF_FLOW)).toEqual([
      { value: '', label: 'All statuses' },
      { value: 'pending', label: 'Pending' },
      { value: 'under_review', label: 'Under Review' },
      { value: 'in_policy', label: 'In Policy' },
      { value: 'out_of_policy', label: 'Out of Policy' },
    ]);
    expect(outcomeOptions(UOF_FLOW).map((o) => o.label)).toEqual(['Pending', 'Under Review', 'In Policy', 'Out of Policy']);
    expect(outcomeOptions(UOF_FLOW, 'under_review').every((o) => !o.disabled)).toBe(true);
  });

  it('offers a signed report only the other decision: Pending and Under Review are off (issue 19)', () => {
    for (const signed of ['in_policy', 'out_of_policy']) {
      expect(isDecision(UOF_FLOW, signed)).toBe(true);
      expect(outcomeOptions(UOF_FLOW, signed).map((o) => [o.value, o.disabled])).toEqual([
        ['pending', true],
        ['under_review', true],
        ['in_policy', false],
        ['out_of_policy', false],
      ]);
    }
    expect(isDecision(UOF_FLOW, 'pending')).toBe(false);
    expect(isDecision(ARREST_FLOW, 'approved')).toBe(true);
    expect(isDecision(ARREST_FLOW, 'returned')).toBe(false);
  });

  it('opens only a pending report into review', () => {
    expect(opensOnView(UOF_FLOW, 'pending')).toBe(true);
    for (const status of ['under_review', 'in_policy', 'out_of_policy']) expect(opensOnView(UOF_FLOW, status)).toBe(false);
    expect(OPEN_REQUEST).toEqual({ action: 'open', supervisorNotes: null });
  });

  it("defaults the outcome to the report's status, else pending", () => {
    expect(defaultOutcome(UOF_FLOW, 'in_policy')).toBe('in_policy');
    expect(defaultOutcome(UOF_FLOW, 'gibberish')).toBe('pending');
    expect(defaultOutcome(UOF_FLOW, '')).toBe('pending');
  });

  it("has 'Approve & Sign', 'Save' and 'Deny', usable in every status", () => {
    expect(UOF_FLOW.buttons.map((b) => b.label)).toEqual(['Approve & Sign', 'Save', 'Deny']);
    for (const b of UOF_FLOW.buttons) {
      for (const status of ['pending', 'under_review', 'in_policy', 'out_of_policy']) expect(buttonEnabled(b, status)).toBe(true);
    }
    expect(reviewClosed(UOF_FLOW, 'in_policy')).toBe(false);
  });

  it('sends approve, deny or the chosen outcome with trimmed notes', () => {
    expect(requestOf('approve', { outcome: 'pending', notes: '  Fine.  ' })).toEqual({ action: 'approve', supervisorNotes: 'Fine.' });
    expect(requestOf('deny', { outcome: 'pending', notes: '' })).toEqual({ action: 'deny', supervisorNotes: null });
    expect(requestOf('save', { outcome: 'out_of_policy', notes: 'Too much.' })).toEqual({
      status: 'out_of_policy',
      supervisorNotes: 'Too much.',
    });
    expect(missingNotes(button(UOF_FLOW, 'deny'), '')).toBeNull();
  });
});

describe('arrest flow (issue 10)', () => {
  it('labels and colours its statuses', () => {
    expect(ARREST_FLOW.statuses.map((s) => `${s.label}:${s.color}`)).toEqual([
      'Pending:gray',
      'Under Review:orange',
      'Approved:green',
      'Returned:red',
    ]);
    expect(ARREST_FLOW.freeOutcome).toBe(false);
    expect(ARREST_FLOW.peopleLabel).toBe('Officer(s)');
  });

  it('approves or returns only pending and under-review reports', () => {
    const approve = button(ARREST_FLOW, 'approve');
    const back = button(ARREST_FLOW, 'return');
    expect(approve.label).toBe('Approve & Sign');
    expect(back.label).toBe('Return for correction');
    for (const b of [approve, back]) {
      expect(buttonEnabled(b, 'pending')).toBe(true);
      expect(buttonEnabled(b, 'under_review')).toBe(true);
      expect(buttonEnabled(b, 'approved')).toBe(false);
      expect(buttonEnabled(b, 'returned')).toBe(false);
    }
    expect(reviewClosed(ARREST_FLOW, 'approved')).toBe(true);
    expect(reviewClosed(ARREST_FLOW, 'under_review')).toBe(false);
  });

  it("needs notes to return a report, with the server's message", () => {
    const back = button(ARREST_FLOW, 'return');
    expect(missingNotes(back, '   ')).toBe(NOTES_REQUIRED);
    expect(NOTES_REQUIRED).toBe('Write review notes that say what to correct.');
    expect(missingNotes(back, 'Add the bond.')).toBeNull();
    expect(missingNotes(button(ARREST_FLOW, 'approve'), '')).toBeNull();
    expect(requestOf('return', { outcome: 'pending', notes: 'Add the bond.' })).toEqual({
      action: 'return',
      supervisorNotes: 'Add the bond.',
    });
  });
});

describe('signature and history', () => {
  const day = (iso: string) => iso.slice(0, 10);

  it("says who signed and when, or 'Not signed yet'", () => {
    expect(signatureLine('Sam Whitaker', '2026-11-20T21:30:00Z', day)).toBe('Signed by Sam Whitaker on 2026-11-20');
    expect(signatureLine(null, null, day)).toBe('Not signed yet');
    expect(signatureLine('Sam Whitaker', null, day)).toBe('Not signed yet');
    expect(signatureLine('  ', '2026-11-20T21:30:00Z', day)).toBe('Not signed yet');
  });

  it('names both ends of a status change', () => {
    expect(transitionText(UOF_FLOW, 'pending', 'under_review')).toBe('Pending → Under Review');
    expect(transitionText(ARREST_FLOW, null, 'pending')).toBe('Pending');
    expect(transitionText(ARREST_FLOW, 'under_review', 'returned')).toBe('Under Review → Returned');
  });

  it('sends blank notes as null', () => {
    expect(notesValue('  ')).toBeNull();
    expect(notesValue(' a ')).toBe('a');
  });
});
