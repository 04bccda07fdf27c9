/**
 * Equipment calls (member-portal §2.8, §7; command-and-reports §2, §7): the list the viewer's
 * rank may use, the whole list for equipment management, and whole-list saves at a version.
 */

import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api/client';
import { queryKeys } from '@/api/query-keys';
import type { components } from '@/api/schema';

export type Equipment = components['schemas']['Equipment'];
export type EquipmentList = components['schemas']['EquipmentList'];
export type EquipmentSave = components['schemas']['EquipmentSave'];
export type RankOption = components['schemas']['RankOption'];

/** GET /api/equipment: the equipment the viewer's rank may use. */
export function getEquipment(signal?: AbortSignal): Promise<EquipmentList> {
  return api.get<EquipmentList>('/api/equipment', { signal: signal ?? null });
}

/** GET /api/equipment?scope=manage: the whole list, the ranks to pick from and the version a save starts from. */
export function getManagedEquipment(signal?: AbortSignal): Promise<EquipmentList> {
  return api.get<EquipmentList>('/api/equipment?scope=manage', { signal: signal ?? null });
}

/** PUT /api/equipment?scope=manage: the whole list at the version it was read → the list as saved (new version). */
export function putEquipment(body: EquipmentSave): Promise<EquipmentList> {
  return api.put<EquipmentList>('/api/equipment?scope=manage', body);
}

export const equipmentQueryOptions = (slug: string) =>
  queryOptions({ queryKey: queryKeys.equipment(slug, 'member'), queryFn: ({ signal }) => getEquipment(signal) });

export const managedEquipmentQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: queryKeys.equipment(slug, 'manage'),
    queryFn: ({ signal }) => getManagedEquipment(signal),
    // Edits start from the version read; a background refetch would only move it under them.
    refetchOnWindowFocus: false,
  });

/** What a save sends: the whole list as it should be, at the version it was read. */
export interface EquipmentSaveInput {
  equipment: Equipment[];
  version: number;
}

/**
 * Saves the whole list. The management list shows the new list at once (command-and-reports
 * §4: updated locally before the save returns); the server's answer then replaces it (new
 * version), and a failure puts back the list as it was. The member list reloads after a save.
 */
export function useSaveEquipment(slug: string) {
  const queryClient = useQueryClient();
  const key = managedEquipmentQueryOptions(slug).queryKey;
  return useMutation({
    mutationFn: (input: EquipmentSaveInput) => putEquipment(input),
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData(key);
      if (previous !== undefined) queryClient.setQueryData(key, { ...previous, equipment: input.equipment });
      return { previous };
    },
    onError: (_error, _input, context) => {
      if (context?.previous !== undefined) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: async (saved) => {
      queryClient.setQueryData(key, saved);
      await queryClient.invalidateQueries({ queryKey: queryKeys.equipment(slug, 'member') });
    },
  });
}
