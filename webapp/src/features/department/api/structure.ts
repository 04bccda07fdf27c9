/**
 * Structure writes (command-and-reports §7): departments with their ranks, roles and
 * sub-departments, insignia uploads and the community server's Discord roles. Every structure
 * write answers the whole structure.
 */

import { queryOptions } from '@tanstack/react-query';
import { api, apiFetch } from '@/api/client';
import { queryKeys } from '@/api/query-keys';
import type {
  DiscordRoles,
  ReorderRequest,
  Structure,
  StructureCreate,
  StructurePatch,
  UploadedInsignia,
} from '@/api/types';

/** The body of `POST /api/structure`: `data` by type (department, sub, role, ranks). */
export type StructureCreateBody = StructureCreate;

/** POST /api/structure → the whole structure (201). */
export function createStructureItem(body: StructureCreateBody): Promise<Structure> {
  return api.post<Structure>('/api/structure', body);
}

/** PATCH /api/structure/{id}: a field left out keeps its value, null clears it. */
export function updateStructureItem(id: string, patch: StructurePatch): Promise<Structure> {
  return api.patch<Structure>(`/api/structure/${encodeURIComponent(id)}`, patch);
}

/** DELETE /api/structure/{id} → the whole structure (409 while people hold a rank or department). */
export function deleteStructureItem(id: string): Promise<Structure> {
  return api.delete<Structure>(`/api/structure/${encodeURIComponent(id)}`);
}

/** POST /api/structure/reorder → the whole structure. */
export function reorderStructure(body: ReorderRequest): Promise<Structure> {
  return api.post<Structure>('/api/structure/reorder', body);
}

/** POST /api/uploads/insignia (multipart field `insignia`, PNG, at most 1 MB) → the stored file name. */
export function uploadInsignia(file: File): Promise<UploadedInsignia> {
  const form = new FormData();
  form.append('insignia', file);
  return apiFetch<UploadedInsignia>('/api/uploads/insignia', { method: 'POST', body: form });
}

/** GET /api/discord/roles — 503 when the bot is not configured (roles are then typed by id). */
export function getDiscordRoles(signal?: AbortSignal): Promise<DiscordRoles> {
  return api.get<DiscordRoles>('/api/discord/roles', { signal: signal ?? null });
}

export const discordRolesQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: queryKeys.discordRoles(slug),
    queryFn: ({ signal }) => getDiscordRoles(signal),
    staleTime: 5 * 60_000,
    retry: false,
  });
