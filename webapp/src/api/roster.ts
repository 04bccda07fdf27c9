/**
 * The roster list (member-portal §7 `GET /api/roster`), shared by the roster screen and the
 * report forms' 'Select Deputy' picker (one query key, one cache entry).
 */

import { queryOptions } from '@tanstack/react-query';
import { api } from './client';
import { queryKeys } from './query-keys';
import type { RosterEntry } from './types';

/** GET /api/roster */
export function getRoster(signal?: AbortSignal): Promise<RosterEntry[]> {
  return api.get<RosterEntry[]>('/api/roster', { signal: signal ?? null });
}

export const rosterQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: queryKeys.roster(slug),
    queryFn: ({ signal }) => getRoster(signal),
    staleTime: 30_000,
  });
