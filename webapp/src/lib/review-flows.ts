/**
 * The review flows of reported incidents (command-and-reports §2 "Use-of-force review", §4
 * "Use-of-force report status"; issue 10 "Arrest review", designed like it). One description
 * per report kind — its statuses with labels and badge colours, what opening a report does,
 * the panel's buttons and what each sends — read by the one shared review screen. Pure; the
 * server applies the same machine (server/src/shared/review.rs) and has the last word.
 */

/** A status of a flow, as the badge and the filter show it. */
export interface ReviewStatus {
  value: string;
  label: string;
  /** Mantine colour of the badge. */
  color: string;
}

/** What a panel button asks the server for. */
export type ReviewButtonId = 'approve' | 'deny' | 'return' | 'save';

export interface ReviewButton {
  id: ReviewButtonId;
  label: string;
  /** Mantine colour of the button. */
  color: string;
  /** Statuses the button works from; empty: any. */
  from: readonly string[];
  /** Refused without review notes; the text said when they are missing. */
  notesRequired: string | null;
}

export interface ReviewFlow {
  /** The report kind ('uof', 'arrest'); also the print view's kind. */
  kind: 'uof' | 'arrest';
  statuses: readonly ReviewStatus[];
  /** The status of a newly filed report (and of an unknown stored status). */
  initial: string;
  /** Opening a report in this status moves it on (the client sends `{action:'open'}`). */
  opensFrom: string | null;
  /** The panel has an Outcome select over every status, saved by 'Save'. */
  freeOutcome: boolean;
  /** The panel's buttons, in order. */
  buttons: readonly ReviewButton[];
  /**
   * Statuses that are signed decisions (server/src/shared/review.rs: every status not
   * `unsigned`). Where the outcome is free, a signed report's outcome changes only to another
   * decision (a new signature); the server answers 409 otherwise.
   */
  decisions: readonly string[];
  /** Column header of the people on the report ('Deputy(s)', 'Officer(s)'). */
  peopleLabel: string;
}

/** The server's message for a return without notes (server/src/shared/review.rs). */
export const NOTES_REQUIRED = 'Write review notes that say what to correct.';

/** Texts of the review screens (command-and-reports §2, §8; issue 19). */
export const REVIEW_TEXTS = {
  panelTitle: 'Supervisor Review & Sign-Off',
  noReports: 'No reports',
  notSigned: 'Not signed yet',
  saved: 'Saved',
  failed: 'Failed to save',
  allStatuses: 'All statuses',
  /** The server's refusal (403) for a report the viewer filed or is listed on, shown in place of the controls. */
  ownReport: 'You cannot review your own report.',
  /** Under the Outcome of a signed report: why Pending and Under Review are off. */
  signedOutcome: 'This report is signed: choose In Policy or Out of Policy to sign a new decision.',
  /** Under the Outcome of a report not yet decided. */
  decisionSigns: 'Saving In Policy or Out of Policy signs the report as you.',
} as const;

/** Where every review starts: filed (pending), then opened by a supervisor (under review). */
const OPENING_STATUSES: readonly ReviewStatus[] = [
  { value: 'pending', label: 'Pending', color: 'gray' },
  { value: 'under_review', label: 'Under Review', color: 'orange' },
];

/** A flow that starts as every review does: filed pending, opened from pending, then its own outcomes. */
function reviewFlow({ outcomes, ...flow }: Omit<ReviewFlow, 'statuses' | 'initial' | 'opensFrom'> & { outcomes: readonly ReviewStatus[] }): ReviewFlow {
  return { ...flow, statuses: [...OPENING_STATUSES, ...outcomes], initial: 'pending', opensFrom: 'pending' };
}

/** command-and-reports §4 "Use-of-force report status", §9. */
export const UOF_FLOW = reviewFlow({
  kind: 'uof',
  outcomes: [
    { value: 'in_policy', label: 'In Policy', color: 'green' },
    { value: 'out_of_policy', label: 'Out of Policy', color: 'red' },
  ],
  freeOutcome: true,
  buttons: [
    { id: 'approve', label: 'Approve & Sign', color: 'green', from: [], notesRequired: null },
    { id: 'save', label: 'Save', color: 'blue', from: [], notesRequired: null },
    { id: 'deny', label: 'Deny', color: 'red', from: [], notesRequired: null },
  ],
  decisions: ['in_policy', 'out_of_policy'],
  peopleLabel: 'Deputy(s)',
});

/**
 * Arrest review (issue 10): approve and sign, or return for correction with notes, while the
 * report is pending or under review; a returned report is pending again once its filer
 * corrects it. No free outcome.
 */
export const ARREST_FLOW = reviewFlow({
  kind: 'arrest',
  outcomes: [
    { value: 'approved', label: 'Approved', color: 'green' },
    { value: 'returned', label: 'Returned', color: 'red' },
  ],
  freeOutcome: false,
  buttons: [
    { id: 'approve', label: 'Approve & Sign', color: 'green', from: ['pending', 'under_review'], notesRequired: null },
    {
      id: 'return',
      label: 'Return for correction',
      color: 'red',
      from: ['pending', 'under_review'],
      notesRequired: NOTES_REQUIRED,
    },
  ],
  decisions: ['approved'],
  peopleLabel: 'Officer(s)',
});

function known(flow: ReviewFlow, status: string): ReviewStatus | undefined {
  return flow.statuses.find((s) => s.value === status);
}

/** 'Under Review' for 'under_review'; an unknown status is shown as it is ('—' when blank). */
export function statusLabel(flow: ReviewFlow, status: string): string {
  return known(flow, status)?.label ?? (status.trim() === '' ? '—' : status);
}

/** The badge colour of a status (gray when unknown). */
export function statusColor(flow: ReviewFlow, status: string): string {
  return known(flow, status)?.color ?? 'gray';
}

/** The status filter's choices: every status, after 'All statuses' (value ''). */
export function statusFilterOptions(flow: ReviewFlow): { value: string; label: string }[] {
  return [{ value: '', label: REVIEW_TEXTS.allStatuses }, ...flow.statuses.map(({ value, label }) => ({ value, label }))];
}

/** True when a report in `status` carries a signed decision. */
export function isDecision(flow: ReviewFlow, status: string): boolean {
  return flow.decisions.includes(status);
}

/**
 * The Outcome select's choices (free-outcome flows). Once a report in `status` is signed, the
 * undecided statuses are off (issue 19: a signed outcome changes only through a new signed
 * decision; the server refuses the rest with 409).
 */
export function outcomeOptions(flow: ReviewFlow, status = flow.initial): { value: string; label: string; disabled: boolean }[] {
  const signed = isDecision(flow, status);
  return flow.statuses.map(({ value, label }) => ({ value, label, disabled: signed && !isDecision(flow, value) }));
}

/** Opening a report in this status moves it on: send `{action: 'open'}`. */
export function opensOnView(flow: ReviewFlow, status: string): boolean {
  return flow.opensFrom !== null && status === flow.opensFrom;
}

/** §4: 'Save' keeps the chosen outcome; its default is the report's current status, else pending. */
export function defaultOutcome(flow: ReviewFlow, status: string): string {
  return known(flow, status) !== undefined ? status : flow.initial;
}

/** Whether `button` works on a report in `status`. */
export function buttonEnabled(button: ReviewButton, status: string): boolean {
  return button.from.length === 0 || button.from.includes(status);
}

/** True when no button of the flow works from `status` (the report's review is over). */
export function reviewClosed(flow: ReviewFlow, status: string): boolean {
  return !flow.buttons.some((button) => buttonEnabled(button, status));
}

/** What a review asks the server for: an action, or (Save) the chosen outcome. */
export type ReviewRequest =
  | { action: 'open' | 'approve' | 'deny' | 'return'; supervisorNotes: string | null }
  | { status: string; supervisorNotes: string | null };

/** The notes as sent: trimmed, blank as null. */
export function notesValue(notes: string): string | null {
  const trimmed = notes.trim();
  return trimmed === '' ? null : trimmed;
}

/**
 * The request of a panel button: 'Approve & Sign' → approve, 'Deny' → deny, 'Return for
 * correction' → return (each with the notes), 'Save' → the chosen outcome with the notes.
 */
export function requestOf(button: ReviewButtonId, { outcome, notes }: { outcome: string; notes: string }): ReviewRequest {
  const supervisorNotes = notesValue(notes);
  if (button === 'save') return { status: outcome, supervisorNotes };
  return { action: button, supervisorNotes };
}

/** The opening request. */
export const OPEN_REQUEST: ReviewRequest = { action: 'open', supervisorNotes: null };

/** Why the button may not be sent (its notes are required and blank), or null. */
export function missingNotes(button: ReviewButton, notes: string): string | null {
  return button.notesRequired !== null && notesValue(notes) === null ? button.notesRequired : null;
}

/** 'Signed by {name} on {date}' or 'Not signed yet' (command-and-reports §2). */
export function signatureLine(
  signedBy: string | null | undefined,
  signedAt: string | null | undefined,
  formatDate: (iso: string) => string,
): string {
  const by = signedBy?.trim() ?? '';
  if (by === '' || signedAt == null || signedAt === '') return REVIEW_TEXTS.notSigned;
  return `Signed by ${by} on ${formatDate(signedAt)}`;
}

/** A history row: 'Pending → Under Review'; the first filing has no 'from'. */
export function transitionText(flow: ReviewFlow, from: string | null | undefined, to: string): string {
  const target = statusLabel(flow, to);
  return from == null || from === '' ? target : `${statusLabel(flow, from)} → ${target}`;
}
