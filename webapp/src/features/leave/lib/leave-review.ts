/** Supervisor → Leave requests (issue 23): texts and the decision's words. Pure. */

export const PAGE_TITLE = 'Leave requests';
export const PAGE_DESCRIPTION = 'Approve or deny the leave members ask for. An approved leave makes the member LOA on its first day.';
export const NO_PENDING = 'No request waits for a decision.';
export const NO_DECIDED = 'No request decided yet.';
export const UNAVAILABLE = 'Leave requests unavailable';
export const OWN_REQUEST = 'Your own request: another reviewer decides it.';

/** 'Approve' or 'Deny', and what the notification says afterwards. */
export const ACTION_LABELS = { approve: 'Approve', deny: 'Deny' } as const;
export const ACTION_DONE = { approve: 'approved', deny: 'denied' } as const;
