/**
 * The personnel file (issue 23): one member's timeline (`GET /api/roster/{id}/file`: their own,
 * what they may see; a member command manages, everything) and an entry command writes in it
 * (`POST /api/roster/{id}/file`, answering the whole file). Entries are never changed: a
 * correction is a new entry pointing at the one it corrects.
 */

import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, failureText } from '@/api/client';
import { queryKeys } from '@/api/query-keys';
import type { components } from '@/api/schema';

type Schemas = components['schemas'];
export type PersonnelFile = Schemas['PersonnelFile'];
export type TimelineItem = Schemas['TimelineItem'];
export type EntryInput = Schemas['EntryInput'];

export const personnelFileQueryOptions = (slug: string, rosterId: number) =>
  queryOptions({
    queryKey: queryKeys.personnelFile(slug, rosterId),
    queryFn: ({ signal }) => api.get<PersonnelFile>(`/api/roster/${String(rosterId)}/file`, { signal }),
    retry: false,
  });

/** Writes an entry; the answer (the whole file) replaces the cached one. */
export function useWriteFileEntry(slug: string, rosterId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: EntryInput) => api.post<PersonnelFile>(`/api/roster/${String(rosterId)}/file`, body),
    onSuccess: (file) => {
      client.setQueryData(queryKeys.personnelFile(slug, rosterId), file);
    },
  });
}

/** A failed call in a sentence: the server's own, else its status, else that the portal was not reached. */
export function fileErrorText(error: unknown): string {
  return failureText(error, (status) => `Request failed: ${String(status)}`, 'The portal could not be reached.');
}
