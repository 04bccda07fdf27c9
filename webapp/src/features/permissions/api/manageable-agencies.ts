/** The 'Managing agency' choices of the permissions screen (command-and-reports §2 Permissions). */

import { queryOptions } from '@tanstack/react-query';
import { getAgencies, getAllAgencies } from '@/api/agencies';
import { ApiError } from '@/api/client';
import { queryKeys } from '@/api/query-keys';
import type { AgencyList } from '@/api/types';

/** Every agency the viewer may list: hidden ones too when allowed, else the visible ones. */
export async function getManageableAgencies(signal?: AbortSignal): Promise<AgencyList> {
  try {
    return await getAllAgencies(signal);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return getAgencies(signal);
    throw error;
  }
}

/** Hidden agencies included when allowed. */
export const manageableAgenciesQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: queryKeys.manageableAgencies(slug),
    queryFn: ({ signal }) => getManageableAgencies(signal),
    staleTime: 60_000,
  });
