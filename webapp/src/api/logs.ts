/** Roster logs (command-and-reports §7 `GET /api/logs/roster`). */

import { queryOptions } from '@tanstack/react-query';
import { api } from './client';
import type { LogPage } from './types';

export type RosterLogType = 'rank' | 'hire';

export interface RosterLogQuery {
  type: RosterLogType;
  limit: number;
  offset: number;
}

/** GET /api/logs/roster?type&limit&offset — newest first. */
export function getRosterLogs({ type, limit, offset }: RosterLogQuery, signal?: AbortSignal): Promise<LogPage> {
  const params = new URLSearchParams({ type, limit: String(limit), offset: String(offset) });
  return api.get<LogPage>(`/api/logs/roster?${params.toString()}`, { signal: signal ?? null });
}

export const ROSTER_LOGS = 'roster-logs';

export const rosterLogsQueryOptions = (slug: string, query: RosterLogQuery) =>
  queryOptions({
    queryKey: ['agency', slug, ROSTER_LOGS, query.type, query.limit, query.offset],
    queryFn: ({ signal }) => getRosterLogs(query, signal),
  });
