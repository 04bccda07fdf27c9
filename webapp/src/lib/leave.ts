/**
 * Leave of absence (issue 23) as the screens show it: a request's status in words and colour,
 * whether its member may still cancel it, the review list's order, and the request form's
 * checks in the server's words. Pure.
 */

import { daysBetween } from './days';

/** What the screens need of a leave request (`LeaveRequest` of the API). */
export interface LeaveLike {
  id: number;
  rosterId: number;
  /** `pending`, `approved`, `denied` or `cancelled`. */
  status: string;
  startsOn: string;
  endsOn: string;
  /** The leave runs now (the member is LOA). */
  running: boolean;
  createdAt: string;
  decidedAt?: string | null;
}

/** A request's status as shown: an approved leave is `running` while it runs, `over` once past. */
export type LeaveStatus = 'pending' | 'approved' | 'running' | 'over' | 'denied' | 'cancelled';

export const LEAVE_STATUS_LABELS: Readonly<Record<LeaveStatus, string>> = {
  pending: 'Pending',
  approved: 'Approved',
  running: 'On leave now',
  over: 'Taken',
  denied: 'Denied',
  cancelled: 'Cancelled',
};

export const LEAVE_STATUS_COLORS: Readonly<Record<LeaveStatus, string>> = {
  pending: 'yellow',
  approved: 'green',
  running: 'teal',
  over: 'gray',
  denied: 'red',
  cancelled: 'gray',
};

/** The status shown for `request` on `today`. */
export function leaveStatus(request: Pick<LeaveLike, 'status' | 'running' | 'endsOn'>, today: string): LeaveStatus {
  switch (request.status) {
    case 'pending':
    case 'denied':
    case 'cancelled':
      return request.status;
    case 'approved': {
      if (request.running) return 'running';
      const left = daysBetween(today, request.endsOn);
      return left !== null && left < 0 ? 'over' : 'approved';
    }
    default:
      return 'pending';
  }
}

/** The member may cancel a pending request, or an approved one that has not begun (the server's rule). */
export function canCancelLeave(request: Pick<LeaveLike, 'status' | 'running' | 'startsOn'>, today: string): boolean {
  if (request.status === 'pending') return true;
  if (request.status !== 'approved' || request.running) return false;
  const until = daysBetween(today, request.startsOn);
  return until !== null && until > 0;
}

/**
 * The review list: pending requests first, the earliest leave first; then the decided ones,
 * the latest decision first.
 */
export function reviewOrder<L extends LeaveLike>(requests: readonly L[]): { pending: L[]; decided: L[] } {
  const pending = requests
    .filter((r) => r.status === 'pending')
    .sort((a, b) => a.startsOn.localeCompare(b.startsOn) || a.createdAt.localeCompare(b.createdAt));
  const decided = requests
    .filter((r) => r.status !== 'pending')
    .sort((a, b) => (b.decidedAt ?? b.createdAt).localeCompare(a.decidedAt ?? a.createdAt) || b.id - a.id);
  return { pending, decided };
}

/** The member's own list: the latest leave first. */
export function newestFirst<L extends LeaveLike>(requests: readonly L[]): L[] {
  return [...requests].sort((a, b) => b.startsOn.localeCompare(a.startsOn) || b.id - a.id);
}

export const MAX_LEAVE_DAYS = 180;
export const FROM_REQUIRED = 'Choose the first day of the leave.';
export const TO_REQUIRED = 'Choose the last day of the leave.';
export const IN_THE_PAST = 'A leave cannot begin in the past.';
export const BACKWARDS = 'A leave ends on or after its first day.';
export const TOO_LONG = 'A leave lasts at most 180 days.';
export const REASON_REQUIRED = 'Say why you will be away.';

export interface LeaveFormValues {
  /** 'YYYY-MM-DD', or null while not chosen. */
  from: string | null;
  to: string | null;
  reason: string;
}

/** The request form's problems by field, as the server words them (`today`: the browser's day). */
export function leaveFormErrors(values: LeaveFormValues, today: string): Record<string, string> {
  const errors: Record<string, string> = {};
  if (values.from === null || values.from === '') errors.from = FROM_REQUIRED;
  else if ((daysBetween(today, values.from) ?? 0) < 0) errors.from = IN_THE_PAST;
  if (values.to === null || values.to === '') errors.to = TO_REQUIRED;
  else if (values.from !== null && values.from !== '') {
    const days = daysBetween(values.from, values.to);
    if (days !== null && days < 0) errors.to = BACKWARDS;
    else if (days !== null && days + 1 > MAX_LEAVE_DAYS) errors.to = TOO_LONG;
  }
  if (values.reason.trim() === '') errors.reason = REASON_REQUIRED;
  return errors;
}
