/** Callsign pools (command-and-reports §7 `GET/POST /api/callsigns`), stored under rank names. */

import { queryOptions } from '@tanstack/react-query';
import { api } from '@/api/client';
import { queryKeys } from '@/api/query-keys';
import type { PoolMap, SavePools } from '@/api/types';

/** GET /api/callsigns — every rank's pools by rank name (empty when callsigns are disabled). */
export function getCallsignPools(signal?: AbortSignal): Promise<PoolMap> {
  return api.get<PoolMap>('/api/callsigns', { signal: signal ?? null });
}

export const callsignPoolsQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: queryKeys.callsignPools(slug),
    queryFn: ({ signal }) => getCallsignPools(signal),
    staleTime: 30_000,
  });

/** POST /api/callsigns — replaces one rank's pools (an empty list removes them) → every rank's pools. */
export function saveCallsignPools(body: SavePools): Promise<PoolMap> {
  return api.post<PoolMap>('/api/callsigns', body);
}

