/**
 * The penal code catalogue (member-portal §3 "Penal code entry", §7 `GET /api/penal-codes`),
 * shared by the report forms' 'Search Penal Code' dialog and anything else that reads it.
 */

import { queryOptions } from '@tanstack/react-query';
import { api, failureText } from './client';
import { queryKeys } from './query-keys';
import type { components } from './schema';

export type PenalCode = components['schemas']['PenalCode'];
export type PenalCatalogue = components['schemas']['PenalCatalogue'];

/** The §8 fallback when the catalogue cannot load. */
export const PENAL_CODES_ERROR = 'Failed to load penal code catalog';

/** GET /api/penal-codes */
export function getPenalCodes(signal?: AbortSignal): Promise<PenalCatalogue> {
  return api.get<PenalCatalogue>('/api/penal-codes', { signal: signal ?? null });
}

export const penalCodesQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: queryKeys.penalCodes(slug),
    queryFn: ({ signal }) => getPenalCodes(signal),
    staleTime: 60_000,
  });

/** member-portal §8: the server's text, else 'Request failed: {status}', else 'Failed to load penal code catalog'. */
export function penalCodesErrorText(error: unknown): string {
  return failureText(error, (status) => `Request failed: ${status}`, PENAL_CODES_ERROR);
}
