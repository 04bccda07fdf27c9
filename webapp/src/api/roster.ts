/**
 * The roster list (member-portal §7 `GET /api/roster`), shared by the roster screen and the
 * report forms' 'Select Deputy' picker (one query key, one cache entry).
 */

import { queryOptions } from '@tanstack/react-query';
import { getAllPages } from './paging';
import { queryKeys } from './query-keys';
import type { RosterRow } from './types';

/**
 * GET /api/roster: every entry, with the qualifications held and a running leave's end
 * (issue 23), gathered from the pages the server answers (50 people each, issue 29).
 */
export function getRoster(slug: string, signal?: AbortSignal): Promise<RosterRow[]> {
  return getAllPages<RosterRow>('/api/roster', { agency: slug, signal });
}

export const rosterQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: queryKeys.roster(slug),
    queryFn: ({ signal }) => getRoster(slug, signal),
    staleTime: 30_000,
  });
