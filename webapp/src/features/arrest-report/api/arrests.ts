/** Arrest report calls (member-portal §7; issue 10): the suggested case number, filing, a returned report and its resubmission. */

import { queryOptions } from '@tanstack/react-query';
import { api } from '@/api/client';
import { queryKeys } from '@/api/query-keys';
import type { components } from '@/api/schema';

export type ArrestDraft = components['schemas']['ArrestDraft'];
export type ArrestReport = components['schemas']['ArrestReport'];
export type FiledArrest = components['schemas']['FiledArrest'];
export type NextCaseNumber = components['schemas']['NextCaseNumber'];

/** GET /api/arrests/next-number → {caseNumber}: the highest existing number + 1. */
export function getNextCaseNumber(signal?: AbortSignal): Promise<NextCaseNumber> {
  return api.get<NextCaseNumber>('/api/arrests/next-number', { signal: signal ?? null });
}

export const nextCaseNumberQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: queryKeys.arrestNextNumber(slug),
    queryFn: ({ signal }) => getNextCaseNumber(signal),
    staleTime: 0,
  });

/** GET /api/arrests/{id}: one report (its filer's or, for reviewers, anyone's). */
export function getArrest(id: number, signal?: AbortSignal): Promise<ArrestReport> {
  return api.get<ArrestReport>(`/api/arrests/${id}`, { signal: signal ?? null });
}

export const arrestQueryOptions = (slug: string, id: number) =>
  queryOptions({
    queryKey: queryKeys.arrest(slug, id),
    queryFn: ({ signal }) => getArrest(id, signal),
    staleTime: 0,
  });

/** POST /api/arrests → 201 {id, caseNumber}. */
export function fileArrest(draft: ArrestDraft): Promise<FiledArrest> {
  return api.post<FiledArrest>('/api/arrests', draft);
}

/** PUT /api/arrests/{id}: the filer's correction of a returned report; it is pending review again. */
export function resubmitArrest(id: number, draft: ArrestDraft): Promise<ArrestReport> {
  return api.put<ArrestReport>(`/api/arrests/${id}`, draft);
}
