/**
 * Command → Analytics (issue 25): the four sections of a period
 * (`GET /api/analytics/{strength,reports,training,duty}?from&to&department`) and every agency's
 * figures for the root agency's High Command (`GET /api/analytics/agencies`). Read only; the
 * server keeps answers for a minute at most.
 */

import { queryOptions } from '@tanstack/react-query';
import { api, failureText } from '@/api/client';
import { queryKeys } from '@/api/query-keys';
import type { components } from '@/api/schema';

type Schemas = components['schemas'];
export type StrengthAnswer = Schemas['StrengthAnswer'];
export type ReportsAnswer = Schemas['ReportsAnswer'];
export type TrainingAnswer = Schemas['TrainingAnswer'];
export type DutyAnswer = Schemas['DutyAnswer'];
export type AgenciesOverview = Schemas['AgenciesOverview'];
export type AgencyLine = Schemas['AgencyLine'];

export interface SectionAnswers {
  strength: StrengthAnswer;
  reports: ReportsAnswer;
  training: TrainingAnswer;
  duty: DutyAnswer;
}
export type SectionName = keyof SectionAnswers;

export const analyticsQueryOptions = <S extends SectionName>(slug: string, section: S, query: string) =>
  queryOptions({
    queryKey: queryKeys.analytics(slug, section, query),
    queryFn: ({ signal }) => api.get<SectionAnswers[S]>(`/api/analytics/${section}?${query}`, { signal }),
    staleTime: 60_000,
    // A refused period (400) or department (403) is not retried: the sentence shows at once.
    retry: false,
  });

export const agenciesOverviewQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: queryKeys.analyticsAgencies(slug),
    queryFn: ({ signal }) => api.get<AgenciesOverview>('/api/analytics/agencies', { signal }),
    retry: false,
  });

/** The server's sentence for a failed call, else the status. */
export function analyticsErrorText(error: unknown): string {
  return failureText(error, (status) => `Request failed: ${String(status)}`, 'The portal could not be reached.');
}
