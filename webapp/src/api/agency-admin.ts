/**
 * Agency administration calls (command-and-reports §7): the full agency list, creating,
 * updating (texts, theme, visibility) and media uploads.
 */

import { queryOptions } from '@tanstack/react-query';
import type { AgencyDraftBody } from '@/lib/agency-admin';
import type { ThemePatch } from '@/lib/branding';
import { getAgencies } from './agencies';
import { api, ApiError, apiFetch } from './client';
import type { Agency, AgencyList, UploadedMedia } from './types';

/** GET /api/agencies?includeHidden=1 (root High Command), sent for the active agency. */
export function getAllAgencies(signal?: AbortSignal): Promise<AgencyList> {
  return api.get<AgencyList>('/api/agencies?includeHidden=1', { signal: signal ?? null });
}

/** Every agency the viewer may list: hidden ones too when allowed, else the visible ones. */
export async function getManageableAgencies(signal?: AbortSignal): Promise<AgencyList> {
  try {
    return await getAllAgencies(signal);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return getAgencies(signal);
    throw error;
  }
}

/** The list of the agencies admin (hidden agencies included); failures are reported. */
export const allAgenciesQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['agency', slug, 'agencies-admin'],
    queryFn: ({ signal }) => getAllAgencies(signal),
  });

/** The 'Managing agency' choices: hidden agencies included when allowed. */
export const manageableAgenciesQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['agency', slug, 'agencies-manageable'],
    queryFn: ({ signal }) => getManageableAgencies(signal),
    staleTime: 60_000,
  });

/** POST /api/agencies → the new agency (201). */
export function createAgency(body: AgencyDraftBody): Promise<Agency> {
  return api.post<Agency>('/api/agencies', body);
}

/** The body of `PATCH /api/agencies/{slug}`; a theme key set to null resets it to its default. */
export interface AgencyPatchBody {
  description?: string | null;
  longDescription?: string | null;
  theme?: Partial<ThemePatch>;
  links?: { portal?: string | null; discord?: string | null };
  flags?: { hidden: boolean };
}

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
