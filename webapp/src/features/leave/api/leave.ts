/**
 * Supervisor → Leave requests calls (issue 23): every member's requests (`GET /api/leave`,
 * the reviewers of `supervisor_leave`) and a decision (`PATCH /api/leave/{id}`: approve or
 * deny, with a note). A member's own requests belong to their profile.
 */

import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, failureText } from '@/api/client';
import { queryKeys } from '@/api/query-keys';
import type { LeaveRequest } from '@/api/types';

export type { LeaveRequest };

export const leaveRequestsQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: queryKeys.leave(slug, 'all'),
    queryFn: ({ signal }) => api.get<LeaveRequest[]>('/api/leave', { signal }),
  });

export type LeaveAction = 'approve' | 'deny';

/** After a decision: every leave list, the roster (an approved leave that starts today makes the member LOA) and the files. */
export function useDecideLeave(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, note }: { id: number; action: LeaveAction; note: string }) =>
      api.patch<LeaveRequest>(`/api/leave/${String(id)}`, { action, note }),
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.leaveAll(slug) }),
        client.invalidateQueries({ queryKey: queryKeys.roster(slug) }),
        client.invalidateQueries({ queryKey: queryKeys.personnelFilesAll(slug) }),
      ]);
    },
  });
}

/** A refused call in a sentence: the server's own, else its status, else that the portal was not reached. */
export function leaveErrorText(error: unknown): string {
  return failureText(error, (status) => `Request failed: ${String(status)}`, 'The portal could not be reached.');
}
