/** Filing a use-of-force report (command-and-reports §7 `POST /api/uof`). */

import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api/client';
import { queryKeys } from '@/api/query-keys';
import type { FiledUof, NextUofNumber, UofDraft } from '@/api/reports';

/** GET /api/uof/next-number → {incidentNumber}: the number the form suggests. */
export function getNextUofNumber(signal?: AbortSignal): Promise<NextUofNumber> {
  return api.get<NextUofNumber>('/api/uof/next-number', { signal: signal ?? null });
}

export const uofNextNumberQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: queryKeys.uofNextNumber(slug),
    queryFn: ({ signal }) => getNextUofNumber(signal),
    staleTime: 0,
    refetchOnWindowFocus: false,
  });

/** POST /api/uof → 201 {id, incidentNumber}; a blank incident number is allocated by the server. */
export function fileUofReport(draft: UofDraft): Promise<FiledUof> {
  return api.post<FiledUof>('/api/uof', draft);
}

/** Files the draft; the lists, the next number and the filer's profile refresh afterwards. */
export function useFileUofReport(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (draft: UofDraft) => fileUofReport(draft),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.uofAll(slug) });
    },
  });
}
