/**
 * The review queues' own calls (command-and-reports §7): the lists by status and the
 * supervisor's decisions. One report is read through the shared `@/api/reports` fetchers.
 */

import { api } from '@/api/client';
import { getPage, withParams, type Page } from '@/api/paging';
import type { ArrestReport, ArrestReview, UofReport, UofReview } from '@/api/reports';
import type { ReviewRequest } from '@/lib/review-flows';

/** How many reports a review list reads at a time. */
export const REVIEW_PAGE_SIZE = 50;

function listPage<R>(path: string, status: string | null, before: number | null, signal?: AbortSignal): Promise<Page<R>> {
  return getPage<R>(withParams(path, { status, limit: REVIEW_PAGE_SIZE, before }), signal);
}

/**
 * GET /api/uof?status=&limit=&before= — one page of every report for reviewers, the viewer's
 * own otherwise (newest first), and where the next page starts.
 */
export function getUofReports(status: string | null, before: number | null, signal?: AbortSignal): Promise<Page<UofReport>> {
  return listPage('/api/uof', status, before, signal);
}

/**
 * PATCH /api/uof/{id} → the report. The signature fields are the server's (the viewer and its
 * clock), so none are sent.
 */
export function reviewUofReport(id: number, request: ReviewRequest): Promise<UofReport> {
  const body: UofReview = {
    action: 'action' in request ? request.action : null,
    status: 'status' in request ? request.status : null,
    supervisor: null,
    supervisorNotes: request.supervisorNotes,
    supervisorSignedAt: null,
    supervisorSignedBy: null,
  };
  return api.patch<UofReport>(`/api/uof/${String(id)}`, body);
}

/** GET /api/arrests?status=&limit=&before= — one page, as `getUofReports`. */
export function getArrestReports(status: string | null, before: number | null, signal?: AbortSignal): Promise<Page<ArrestReport>> {
  return listPage('/api/arrests', status, before, signal);
}

/** PATCH /api/arrests/{id} {action: 'open' | 'approve' | 'return', supervisorNotes} → the report. */
export function reviewArrestReport(id: number, request: ReviewRequest): Promise<ArrestReport> {
  if (!('action' in request)) {
    // The arrest flow has no free outcome: its panel offers no 'Save'.
    return Promise.reject(new Error('Use the review actions to change this report’s status.'));
  }
  const body: ArrestReview = { action: request.action, supervisorNotes: request.supervisorNotes };
  return api.patch<ArrestReport>(`/api/arrests/${String(id)}`, body);
}
