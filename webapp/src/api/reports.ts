/**
 * Report types and the calls several features share (command-and-reports §7; issue 10): one
 * use-of-force report and one arrest report, read by the review screens and the printable view.
 * Each feature's own calls live in its `api/` folder (review lists and decisions in reviews,
 * filing in the report forms, tickets in the printable view).
 */

import { queryOptions } from '@tanstack/react-query';
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

// ——— Use of force ———

/** GET /api/uof/{id} — one report with its history. */
export function getUofReport(id: number, signal?: AbortSignal): Promise<UofReport> {
  return api.get<UofReport>(`/api/uof/${String(id)}`, { signal: signal ?? null });
}

export const uofQueryOptions = (slug: string, id: number) =>
  queryOptions({ queryKey: queryKeys.uof(slug, id), queryFn: ({ signal }) => getUofReport(id, signal), staleTime: 0 });

// ——— Arrests ———

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
