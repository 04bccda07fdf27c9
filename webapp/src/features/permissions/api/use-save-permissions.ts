import { useMutation, useQueryClient } from '@tanstack/react-query';
import { navPermissionsQueryOptions } from '@/api/nav-permissions';
import type { NavPermissionsUpdate } from '@/api/types';
import { putNavPermissions } from './nav-permissions';

export interface SavePermissionsInput {
  /** Another agency (only its locked list is saved), or null for the active agency. */
  target: string | null;
  body: NavPermissionsUpdate;
}

/** PUT /api/nav-permissions; the answer replaces the cached permissions (and so the menu). */
export function useSavePermissions(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ target, body }: SavePermissionsInput) => putNavPermissions(target, body),
    onSuccess: (saved, { target }) => {
      queryClient.setQueryData(navPermissionsQueryOptions(slug, target).queryKey, saved);
    },
  });
}
