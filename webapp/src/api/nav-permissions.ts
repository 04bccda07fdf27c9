/** Navigation permissions (command-and-reports §7 `GET /api/nav-permissions`), read by the shell. */

import { queryOptions } from '@tanstack/react-query';
import { api } from './client';
import { queryKeys } from './query-keys';
import type { NavPermissions } from './types';

/** The address of the active agency's permissions, or of another agency's (`target`). */
export function navPermissionsPath(target: string | null): string {
  return target === null ? '/api/nav-permissions' : `/api/nav-permissions?target=${encodeURIComponent(target)}`;
}

/** The active agency's permissions, or another agency's (`target`) for agency managers. */
export function getNavPermissions(target: string | null, signal?: AbortSignal): Promise<NavPermissions> {
  return api.get<NavPermissions>(navPermissionsPath(target), { signal: signal ?? null });
}

export const navPermissionsQueryOptions = (slug: string, target: string | null = null) =>
  queryOptions({
    queryKey: queryKeys.navPermissions(slug, target),
    queryFn: ({ signal }) => getNavPermissions(target, signal),
    staleTime: 60_000,
    refetchOnWindowFocus: target === null,
  });
