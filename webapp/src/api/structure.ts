/**
 * The organisation structure (command-and-reports §7 `GET /api/structure`): departments with
 * their ranks, roles and sub-departments, read by several screens. Its writes belong to the
 * department feature.
 */

import { queryOptions } from '@tanstack/react-query';
import { api } from './client';
import { queryKeys } from './query-keys';
import type { Structure } from './types';

/** GET /api/structure — departments in their stored order. */
export function getStructure(signal?: AbortSignal): Promise<Structure> {
  return api.get<Structure>('/api/structure', { signal: signal ?? null });
}

/** Agency-scoped. A failure is silent for the screens (empty lists). */
export const structureQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: queryKeys.structure(slug),
    queryFn: ({ signal }) => getStructure(signal),
    staleTime: 30_000,
  });
