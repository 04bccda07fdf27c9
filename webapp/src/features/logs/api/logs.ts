/** Roster logs (command-and-reports §7 `GET /api/logs/roster`). */

import { queryOptions } from '@tanstack/react-query';
import { api } from '@/api/client';
import { queryKeys } from '@/api/query-keys';
import type { LogPage } from '@/api/types';
import type { LogType } from '../lib/roster-logs';

export interface RosterLogQuery {
  type: LogType;
  limit: number;
  offset: number;
}

/** GET /api/logs/roster?type&limit&offset — newest first. */
export function getRosterLogs({ type, limit, offset }: RosterLogQuery, signal?: AbortSignal): Promise<LogPage> {
  const params = new URLSearchParams({ type, limit: String(limit), offset: String(offset) });
  return api.get<LogPage>(`/api/logs/roster?${params.toString()}`, { signal: signal ?? null });
}

export const rosterLogsQueryOptions = (slug: string, query: RosterLogQuery) =>
  queryOptions({
    queryKey: queryKeys.rosterLogs(slug, query),
    queryFn: ({ signal }) => getRosterLogs(query, signal),
  });
