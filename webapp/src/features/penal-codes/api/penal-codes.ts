/**
 * Penal code management calls (README "Penal codes"): the catalogue is read with the shared
 * query (`@/api/penal-codes`, the report forms' search reads the same), saved whole at the
 * version read (`PUT /api/penal-codes`, 409 when someone else saved first) and downloaded as
 * a JSON file (`GET /api/penal-codes/export`).
 */

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, withAgencyParam } from '@/api/client';
import type { PenalCatalogue } from '@/api/penal-codes';
import { queryKeys } from '@/api/query-keys';
import type { components } from '@/api/schema';

export { penalCodesErrorText, penalCodesQueryOptions, type PenalCatalogue, type PenalCode } from '@/api/penal-codes';
export type PenalCatalogueSave = components['schemas']['PenalCatalogueSave'];

export const PENAL_CODES_EXPORT_PATH = '/api/penal-codes/export';

/** PUT /api/penal-codes: the whole list at the version it was read → the catalogue as saved (new version). */
export function putPenalCodes(body: PenalCatalogueSave): Promise<PenalCatalogue> {
  return api.put<PenalCatalogue>('/api/penal-codes', body);
}

/**
 * The export's address for a plain download link: same origin, so the session cookie goes
 * with it; the agency is named in `?agency=` as on every API call.
 */
export function penalCodesExportHref(slug: string): string {
  return withAgencyParam(PENAL_CODES_EXPORT_PATH, slug);
}

/** Saves the whole list; the server's answer (new version, ids given) replaces the cached catalogue. */
export function useSavePenalCodes(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PenalCatalogueSave) => putPenalCodes(body),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.penalCodes(slug), saved);
    },
  });
}
