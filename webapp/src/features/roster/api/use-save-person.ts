import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import type { RosterInput } from '@/api/types';
import { createRosterEntry, updateRosterEntry } from './roster';

/**
 * After a successful add or update (member-portal §4): the roster reloads (and the free
 * callsigns with it), and navigation access is refreshed (the viewer may have edited themself).
 */
async function afterSave(queryClient: QueryClient, slug: string): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.roster(slug) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.availableCallsignsAll(slug) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.navPermissionsAll(slug) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.me(slug) }),
  ]);
}

/** POST /api/roster */
export function useAddPerson(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RosterInput) => createRosterEntry(body),
    onSuccess: () => afterSave(queryClient, slug),
  });
}

/** PATCH /api/roster/{id} */
export function useUpdatePerson(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: RosterInput }) => updateRosterEntry(id, body),
    onSuccess: () => afterSave(queryClient, slug),
  });
}
