/**
 * Agency registry calls (member-portal §7, command-and-reports §7) shared by the shell and
 * several screens: the lists, one agency's configuration, updating an agency and its media.
 */

import { queryOptions } from '@tanstack/react-query';
import { api, apiFetch } from './client';
import { queryKeys } from './query-keys';
import type { Agency, AgencyConfig, AgencyList, AgencyPatch, UploadedMedia } from './types';

/** GET /api/agencies — independent of the active agency, so no agency is attached. */
export function getAgencies(signal?: AbortSignal): Promise<AgencyList> {
  return api.get<AgencyList>('/api/agencies', { agency: null, signal: signal ?? null });
}

/** GET /api/agencies?includeHidden=1 (root High Command), sent for the active agency. */
export function getAllAgencies(signal?: AbortSignal): Promise<AgencyList> {
  return api.get<AgencyList>('/api/agencies?includeHidden=1', { signal: signal ?? null });
}

/** GET /api/agencies/{slug}/config */
export function getAgencyConfig(slug: string, signal?: AbortSignal): Promise<AgencyConfig> {
  return api.get<AgencyConfig>(`/api/agencies/${encodeURIComponent(slug)}/config`, {
    agency: slug,
    signal: signal ?? null,
  });
}

export const agenciesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.agencies(),
    queryFn: ({ signal }) => getAgencies(signal),
    staleTime: 5 * 60_000,
  });

export const agencyConfigQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: queryKeys.agencyConfig(slug),
    queryFn: ({ signal }) => getAgencyConfig(slug, signal),
    staleTime: 5 * 60_000,
  });

/** The body of `PATCH /api/agencies/{slug}`; a theme key set to null resets it to its default. */
export type AgencyPatchBody = AgencyPatch;

/** PATCH /api/agencies/{slug} → the updated agency. */
export function updateAgency(slug: string, patch: AgencyPatchBody): Promise<Agency> {
  return api.patch<Agency>(`/api/agencies/${encodeURIComponent(slug)}`, patch);
}

/**
 * POST /api/uploads/agency-media (multipart field `file`, optional `agency` for another
 * agency) → the stored file's URL.
 */
export function uploadAgencyMedia(file: File, agency?: string): Promise<UploadedMedia> {
  const form = new FormData();
  form.append('file', file);
  if (agency !== undefined) form.append('agency', agency);
  return apiFetch<UploadedMedia>('/api/uploads/agency-media', { method: 'POST', body: form });
}
