/**
 * Report calls shared by the review screens, the use-of-force form and the printable view
 * (command-and-reports §7; issue 10): use-of-force lists, details, filing and review; arrest
 * lists, details and review; ticket details.
 */

import { queryOptions } from '@tanstack/react-query';
import type { ReviewRequest } from '@/lib/review-flows';
import { api } from './client';
import { queryKeys } from './query-keys';
import type { components } from './schema';

type Schemas = components['schemas'];
export type UofReport = Schemas['UofReport'];
export type UofDraft = Schemas['UofDraft'];
export type UofReview = Schemas['UofReview'];
export type FiledUof = Schemas['Filed'];
export type NextUofNumber = Schemas['NextNumber'];
export type ArrestReport = Schemas['ArrestReport'];
export type ArrestReview = Schemas['ArrestReview'];
export type Ticket = Schemas['Ticket'];
export type HistoryEntry = Schemas['HistoryEntry'];
export type ReportOfficer = Schemas['Officer'];
export type ReportWitness = Schemas['Witness'];
export type ReportEvidence = Schemas['Evidence'];

function withStatus(path: string, status: string | null): string {
  return status === null || status === '' ? path : `${path}?status=${encodeURIComponent(status)}`;
}

// ——— Use of force ———

/** GET /api/uof?status= — every report for reviewers, the viewer's own otherwise (newest first). */
export function getUofReports(status: string | null, signal?: AbortSignal): Promise<UofReport[]> {
  return api.get<UofReport[]>(withStatus('/api/uof', status), { signal: signal ?? null });
}

/** GET /api/uof/{id} — one report with its history. */
export function getUofReport(id: number, signal?: AbortSignal): Promise<UofReport> {
  return api.get<UofReport>(`/api/uof/${String(id)}`, { signal: signal ?? null });
}

export const uofQueryOptions = (slug: string, id: number) =>
  queryOptions({ queryKey: queryKeys.uof(slug, id), queryFn: ({ signal }) => getUofReport(id, signal), staleTime: 0 });

/** GET /api/uof/next-number → {incidentNumber}: the number the form suggests. */
export function getNextUofNumber(signal?: AbortSignal): Promise<NextUofNumber> {
  return api.get<NextUofNumber>('/api/uof/next-number', { signal: signal ?? null });
}

export const uofNextNumberQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: queryKeys.uofNextNumber(slug),
    queryFn: ({ signal }) => getNextUofNumber(signal),
    staleTime: 0,
    refetchOnWindowFocus: false,
  });

/** POST /api/uof → 201 {id, incidentNumber}; a blank incident number is allocated by the server. */
export function fileUofReport(draft: UofDraft): Promise<FiledUof> {
  return api.post<FiledUof>('/api/uof', draft);
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

// ——— Arrests ———

/** GET /api/arrests?status= — every report for reviewers, the viewer's own otherwise. */
export function getArrestReports(status: string | null, signal?: AbortSignal): Promise<ArrestReport[]> {
  return api.get<ArrestReport[]>(withStatus('/api/arrests', status), { signal: signal ?? null });
}

/** GET /api/arrests/{id} — one report with its totals and history. */
export function getArrestReport(id: number, signal?: AbortSignal): Promise<ArrestReport> {
  return api.get<ArrestReport>(`/api/arrests/${String(id)}`, { signal: signal ?? null });
}

export const arrestReportQueryOptions = (slug: string, id: number) =>
  queryOptions({
    queryKey: queryKeys.arrest(slug, id),
    queryFn: ({ signal }) => getArrestReport(id, signal),
    staleTime: 0,
  });

/** PATCH /api/arrests/{id} {action: 'open' | 'approve' | 'return', supervisorNotes} → the report. */
export function reviewArrestReport(id: number, request: ReviewRequest): Promise<ArrestReport> {
  if (!('action' in request)) {
    // The arrest flow has no free outcome: its panel offers no 'Save'.
    return Promise.reject(new Error('Use the review actions to change this report’s status.'));
  }
  const body: ArrestReview = { action: request.action, supervisorNotes: request.supervisorNotes };
  return api.patch<ArrestReport>(`/api/arrests/${String(id)}`, body);
}

// ——— Tickets ———

/** GET /api/tickets/{id} — one citation with its total fine. */
export function getTicket(id: number, signal?: AbortSignal): Promise<Ticket> {
  return api.get<Ticket>(`/api/tickets/${String(id)}`, { signal: signal ?? null });
}

export const ticketQueryOptions = (slug: string, id: number) =>
  queryOptions({ queryKey: queryKeys.ticket(slug, id), queryFn: ({ signal }) => getTicket(id, signal), staleTime: 0 });
