import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import { structureQueryOptions } from '@/api/structure';
import type { PoolMap, SavePools, Structure } from '@/api/types';
import { withOrder, type ReorderList } from '../lib/structure';
import { callsignPoolsQueryOptions, saveCallsignPools } from './callsign-pools';
import { reorderStructure, uploadInsignia } from './structure';

/** After any structure change the whole structure reloads, and what depends on it. */
async function reloadStructure(queryClient: QueryClient, slug: string): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.structure(slug) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.roster(slug) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.callsignPools(slug) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.navPermissionsAll(slug) }),
  ]);
}

/**
 * Any structure write (create, edit, delete): each answers the whole structure, which replaces
 * the cached one before everything reloads.
 */
export function useStructureChange(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (write: () => Promise<Structure>) => write(),
    onSuccess: async (structure) => {
      queryClient.setQueryData(structureQueryOptions(slug).queryKey, structure);
      await reloadStructure(queryClient, slug);
    },
  });
}

export interface ReorderInput {
  departmentId: string;
  list: ReorderList;
  orderedIds: string[];
}

/** A valid drop: the list is reordered locally, then the order is posted. */
export function useReorder(slug: string) {
  const queryClient = useQueryClient();
  const key = structureQueryOptions(slug).queryKey;
  return useMutation({
    mutationFn: ({ departmentId, list, orderedIds }: ReorderInput) => reorderStructure({ departmentId, type: list, orderedIds }),
    onMutate: async ({ departmentId, list, orderedIds }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData(key);
      if (previous) queryClient.setQueryData(key, withOrder(previous, departmentId, list, orderedIds));
      return { previous };
    },
    onError: (_error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (structure) => {
      queryClient.setQueryData(key, structure);
    },
    onSettled: () => reloadStructure(queryClient, slug),
  });
}

/** POST /api/uploads/insignia → the stored file name. */
export function useUploadInsignia() {
  return useMutation({ mutationFn: (file: File) => uploadInsignia(file) });
}

/** POST /api/callsigns, then the pools reload (and the free callsigns offered by the roster). */
export function useSavePools(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SavePools) => saveCallsignPools(body),
    onSuccess: async (pools: PoolMap) => {
      queryClient.setQueryData(callsignPoolsQueryOptions(slug).queryKey, pools);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.callsignPools(slug) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.availableCallsignsAll(slug) }),
      ]);
    },
  });
}
