/** Navigation permissions (command-and-reports §7 `GET/PUT /api/nav-permissions`). */

import { queryOptions } from '@tanstack/react-query';
import { api } from './client';
import type { NavPermissions, NavPermissionsUpdate } from './types';

function path(target: string | null): string {
  return target === null ? '/api/nav-permissions' : `/api/nav-permissions?target=${encodeURIComponent(target)}`;
}

/** The active agency's permissions, or another agency's (`target`) for agency managers. */
export function getNavPermissions(target: string | null, signal?: AbortSignal): Promise<NavPermissions> {
  return api.get<NavPermissions>(path(target), { signal: signal ?? null });
}

/** Saves entries (no target) or another agency's locked list (`target`). */
export function putNavPermissions(target: string | null, body: NavPermissionsUpdate): Promise<NavPermissions> {
  return api.put<NavPermissions>(path(target), body);
}

export const NAV_PERMISSIONS = 'nav-permissions';

/** Agency-scoped: `['agency', slug, 'nav-permissions', target]`. */
export const navPermissionsQueryOptions = (slug: string, target: string | null = null) =>
  queryOptions({
    queryKey: ['agency', slug, NAV_PERMISSIONS, target],
    queryFn: ({ signal }) => getNavPermissions(target, signal),
    staleTime: 60_000,
    refetchOnWindowFocus: target === null,
  });
