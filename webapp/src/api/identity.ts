/** The signed-in user (member-portal §7 `GET /api/auth/me`) and its query options. */

import { queryOptions } from '@tanstack/react-query';
import { api } from './client';
import { queryKeys } from './query-keys';
import type { Me } from './types';

/** Browser navigations (not data calls): the login link, and the Logout form's POST target. */
export const LOGIN_PATH = '/auth/discord';
export const LOGOUT_PATH = '/auth/logout';

/** GET /api/auth/me — the user (or null) and their roster entries in the active agency. */
export function getMe(signal?: AbortSignal): Promise<Me> {
  return api.get<Me>('/api/auth/me', { signal: signal ?? null });
}

/**
 * Agency-scoped (roster matches belong to the agency). Refetched when the window regains
 * focus, so a sign-in or sign-out in another tab shows up here.
 */
export const meQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: queryKeys.me(slug),
    queryFn: ({ signal }) => getMe(signal),
    staleTime: 60_000,
    refetchOnWindowFocus: true,
  });
