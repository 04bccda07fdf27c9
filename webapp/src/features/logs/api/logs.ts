/** Roster logs (command-and-reports §7 `GET /api/logs/roster`) and the audit log (`GET /api/audit`). */

import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api/client';
import { queryKeys } from '@/api/query-keys';
import type { AuditPage, AuditSettings, LogPage } from '@/api/types';
import { auditParams, type AuditFilters } from '../lib/audit';
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

/** GET /api/audit?kind&q&from&to&limit&offset — every write to the agency, newest first. */
export function getAudit(query: string, signal?: AbortSignal): Promise<AuditPage> {
  return api.get<AuditPage>(`/api/audit?${query}`, { signal: signal ?? null });
}

export const auditQueryOptions = (slug: string, filters: AuditFilters, limit: number, offset: number) => {
  const query = auditParams(filters, limit, offset).toString();
  return queryOptions({
    queryKey: queryKeys.audit(slug, query),
    queryFn: ({ signal }) => getAudit(query, signal),
    // The log grows with every write anywhere in the agency: read it afresh when shown.
    staleTime: 0,
  });
};

/** GET /api/audit/settings — how many days the agency keeps its changes, and whether the viewer may change it. */
export const auditSettingsQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: queryKeys.auditSettings(slug),
    queryFn: ({ signal }) => api.get<AuditSettings>('/api/audit/settings', { signal }),
  });

/** PUT /api/audit/settings (High Command): the new retention; the answer replaces the cached settings. */
export function useSaveAuditRetention(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (retentionDays: number) => api.put<AuditSettings>('/api/audit/settings', { retentionDays }),
    onSuccess: (saved) => {
      client.setQueryData(queryKeys.auditSettings(slug), saved);
      // The change is itself a row of the log.
      void client.invalidateQueries({ queryKey: [...queryKeys.agency(slug), 'audit'] });
    },
  });
}
