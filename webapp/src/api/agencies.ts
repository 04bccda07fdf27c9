/** Agency registry calls (member-portal §7) and their TanStack Query options. */

import { queryOptions } from '@tanstack/react-query';
import { api } from './client';
import type { AgencyConfig, AgencyList } from './types';

/** Query key root of agency-independent data that survives an agency switch. */
export const AGENCIES_KEY = 'agencies';

/** GET /api/agencies — independent of the active agency, so no agency is attached. */
export function getAgencies(signal?: AbortSignal): Promise<AgencyList> {
  return api.get<AgencyList>('/api/agencies', { agency: null, signal: signal ?? null });
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
    queryKey: [AGENCIES_KEY],
    queryFn: ({ signal }) => getAgencies(signal),
    staleTime: 5 * 60_000,
  });

/** Agency-scoped keys start with ['agency', slug]. */
export const agencyConfigQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['agency', slug, 'config'],
    queryFn: ({ signal }) => getAgencyConfig(slug, signal),
    staleTime: 5 * 60_000,
  });
