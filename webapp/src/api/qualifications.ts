/**
 * Qualifications read by several screens (issue 23): the agency's catalogue
 * (`GET /api/qualifications`: the roster's filter, the grant dialog, the catalogue editors'
 * "Required qualifications", Command → Qualifications) and what one member holds and held
 * (`GET /api/roster/{id}/qualifications`: the roster's person dialog, the profile). The writes
 * belong to the screens that make them.
 */

import { queryOptions } from '@tanstack/react-query';
import { api } from './client';
import { queryKeys } from './query-keys';
import type { MemberQualifications, Qualification } from './types';

export const qualificationsQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: queryKeys.qualifications(slug),
    queryFn: ({ signal }) => api.get<Qualification[]>('/api/qualifications', { signal }),
    staleTime: 30_000,
  });

export const memberQualificationsQueryOptions = (slug: string, rosterId: number) =>
  queryOptions({
    queryKey: queryKeys.memberQualifications(slug, rosterId),
    queryFn: ({ signal }) => api.get<MemberQualifications>(`/api/roster/${String(rosterId)}/qualifications`, { signal }),
  });
