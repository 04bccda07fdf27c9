/**
 * Organisation structure calls (command-and-reports §7): departments with their ranks, roles
 * and sub-departments, the community server's Discord roles, callsign pools and insignia
 * uploads. Every structure write answers the whole structure.
 */

import { queryOptions } from '@tanstack/react-query';
import { api, apiFetch } from './client';
import type {
  DiscordRoles,
  PoolMap,
  ReorderRequest,
  SavePools,
  Structure,
  StructurePatch,
  UploadedInsignia,
} from './types';

export const STRUCTURE = 'structure';

/** GET /api/structure — departments in their stored order. */
export function getStructure(signal?: AbortSignal): Promise<Structure> {
  return api.get<Structure>('/api/structure', { signal: signal ?? null });
}

/** Agency-scoped: `['agency', slug, 'structure']`. A failure is silent for the screens (empty lists). */
export const structureQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['agency', slug, STRUCTURE],
    queryFn: ({ signal }) => getStructure(signal),
    staleTime: 30_000,
  });

/** The body of `POST /api/structure`. */
export type StructureCreateBody =
  | { type: 'department'; parentId: null; data: { name: string; roleId: string | null } }
  | { type: 'sub'; parentId: string; data: { name: string; roleId: string | null } }
  | { type: 'role'; parentId: string; data: { name: string; discordRoleId: string | null } }
  | {
      type: 'ranks';
      parentId: string;
      data: { ranks: { name: string; roleId: string | null; level: string; insignia: string | null }[] };
    };

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
    queryKey: ['agency', slug, 'discord-roles'],
    queryFn: ({ signal }) => getDiscordRoles(signal),
    staleTime: 5 * 60_000,
    retry: false,
  });

export const CALLSIGN_POOLS = 'callsign-pools';

/** GET /api/callsigns — every rank's pools by rank name (empty when callsigns are disabled). */
export function getCallsignPools(signal?: AbortSignal): Promise<PoolMap> {
  return api.get<PoolMap>('/api/callsigns', { signal: signal ?? null });
}

export const callsignPoolsQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['agency', slug, CALLSIGN_POOLS],
    queryFn: ({ signal }) => getCallsignPools(signal),
    staleTime: 30_000,
  });

/** POST /api/callsigns — replaces one rank's pools (an empty list removes them) → every rank's pools. */
export function saveCallsignPools(body: SavePools): Promise<PoolMap> {
  return api.post<PoolMap>('/api/callsigns', body);
}
