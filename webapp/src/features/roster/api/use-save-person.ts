import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { meQueryOptions } from '@/api/identity';
import { NAV_PERMISSIONS } from '@/api/nav-permissions';
import { createRosterEntry, ROSTER, rosterQueryOptions, updateRosterEntry } from '@/api/roster';
import type { RosterInput } from '@/api/types';

/**
 * After a successful add or update (member-portal §4): the roster reloads (and the free
 * callsigns with it), and navigation access is refreshed (the viewer may have edited themself).
 */
async function afterSave(queryClient: QueryClient, slug: string): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: rosterQueryOptions(slug).queryKey }),
    queryClient.invalidateQueries({ queryKey: ['agency', slug, ROSTER, 'callsigns'] }),
    queryClient.invalidateQueries({ queryKey: ['agency', slug, NAV_PERMISSIONS] }),
    queryClient.invalidateQueries({ queryKey: meQueryOptions(slug).queryKey }),
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
