/**
 * The command scope's save (issue 23): `PUT /api/command-scope` (which levels command their own
 * department only; High Command) and the department roles that grant agency-wide command
 * (`PATCH /api/structure/{id}` with `grantsAgencyCommand`, High Command). Read through
 * `src/api/command-scope`, which the roster shares.
 */

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api/client';
import { queryKeys } from '@/api/query-keys';
import type { CommandScope } from '@/api/types';
import { updateStructureItem } from './structure';

export { commandScopeQueryOptions } from '@/api/command-scope';

export interface CommandScopeChange {
  /** The scoped levels to save, or null when they did not change. */
  scopedLevels: string[] | null;
  /** Department roles whose flag changed: id → grants agency-wide command. */
  roles: { id: string; grantsAgencyCommand: boolean }[];
}

/**
 * Saves what changed: the levels, then each role's flag, one after the other (a refusal stops
 * there and says so); then the scope, the structure, the roster and the menu are read again.
 */
export function useSaveCommandScope(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ scopedLevels, roles }: CommandScopeChange) => {
      if (scopedLevels !== null) await api.put<CommandScope>('/api/command-scope', { scopedLevels });
      for (const role of roles) await updateStructureItem(role.id, { grantsAgencyCommand: role.grantsAgencyCommand });
    },
    onSettled: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.commandScope(slug) }),
        client.invalidateQueries({ queryKey: queryKeys.structure(slug) }),
        client.invalidateQueries({ queryKey: queryKeys.roster(slug) }),
        client.invalidateQueries({ queryKey: queryKeys.navPermissionsAll(slug) }),
      ]);
    },
  });
}
