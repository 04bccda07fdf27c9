/**
 * Uniform calls (member-portal §2.9, §7; command-and-reports §2, §7): the list the viewer's
 * rank may wear, the whole list for uniform management, and whole-list saves at a version.
 */

import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api/client';
import { queryKeys } from '@/api/query-keys';
import type { components } from '@/api/schema';

export type Uniform = components['schemas']['Uniform'];
export type UniformList = components['schemas']['UniformList'];
export type UniformSave = components['schemas']['UniformSave'];

/** GET /api/uniforms: the uniforms the viewer's rank may wear. */
export function getUniforms(signal?: AbortSignal): Promise<UniformList> {
  return api.get<UniformList>('/api/uniforms', { signal: signal ?? null });
}

/** GET /api/uniforms?scope=manage: the whole list, the ranks by department and the version a save starts from. */
export function getManagedUniforms(signal?: AbortSignal): Promise<UniformList> {
  return api.get<UniformList>('/api/uniforms?scope=manage', { signal: signal ?? null });
}

/** PUT /api/uniforms?scope=manage: the whole list at the version it was read → the list as saved (new version). */
export function putUniforms(body: UniformSave): Promise<UniformList> {
  return api.put<UniformList>('/api/uniforms?scope=manage', body);
}

export const uniformsQueryOptions = (slug: string) =>
  queryOptions({ queryKey: queryKeys.uniforms(slug, 'member'), queryFn: ({ signal }) => getUniforms(signal) });

export const managedUniformsQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: queryKeys.uniforms(slug, 'manage'),
    queryFn: ({ signal }) => getManagedUniforms(signal),
    // Edits start from the version read; a background refetch would only move it under them.
    refetchOnWindowFocus: false,
  });

/**
 * Saves the whole list (command-and-reports §4: edits are applied to the list, which is then
 * saved whole); the server's answer replaces the management list, and the member list reloads.
 */
export function useSaveUniforms(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UniformSave) => putUniforms(body),
    onSuccess: async (saved) => {
      queryClient.setQueryData(managedUniformsQueryOptions(slug).queryKey, saved);
      await queryClient.invalidateQueries({ queryKey: queryKeys.uniforms(slug, 'member') });
    },
  });
}
