/**
 * The review queues' own calls (command-and-reports §7): the lists by status and the
 * supervisor's decisions. One report is read through the shared `@/api/reports` fetchers.
 */

import { api } from '@/api/client';
import type { ArrestReport, ArrestReview, UofReport, UofReview } from '@/api/reports';
import type { ReviewRequest } from '@/lib/review-flows';

function withStatus(path: string, status: string | null): string {
  return status === null || status === '' ? path : `${path}?status=${encodeURIComponent(status)}`;
}

/** GET /api/uof?status= — every report for reviewers, the viewer's own otherwise (newest first). */
export function getUofReports(status: string | null, signal?: AbortSignal): Promise<UofReport[]> {
  return api.get<UofReport[]>(withStatus('/api/uof', status), { signal: signal ?? null });
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

/** GET /api/arrests?status= — every report for reviewers, the viewer's own otherwise. */
export function getArrestReports(status: string | null, signal?: AbortSignal): Promise<ArrestReport[]> {
  return api.get<ArrestReport[]>(withStatus('/api/arrests', status), { signal: signal ?? null });
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
