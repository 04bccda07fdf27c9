/**
 * Vehicle calls (member-portal §2.7, §7; command-and-reports §2, §7): the list the viewer's rank
 * may use, the whole list for vehicle management, and whole-list saves at a version.
 */

import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, failureText } from '@/api/client';
import { queryKeys } from '@/api/query-keys';
import type { components } from '@/api/schema';

export type Vehicle = components['schemas']['Vehicle'];
export type VehicleList = components['schemas']['VehicleList'];
export type VehicleSave = components['schemas']['VehicleSave'];
export type RankOption = components['schemas']['RankOption'];

/** GET /api/vehicles: the vehicles (and liveries) the viewer's rank may use; everything signed out. */
export function getVehicles(signal?: AbortSignal): Promise<VehicleList> {
  return api.get<VehicleList>('/api/vehicles', { signal: signal ?? null });
}

/** GET /api/vehicles?scope=manage: the whole list, its ranks and the version a save starts from. */
export function getManagedVehicles(signal?: AbortSignal): Promise<VehicleList> {
  return api.get<VehicleList>('/api/vehicles?scope=manage', { signal: signal ?? null });
}

/** PUT /api/vehicles: the whole list at the version it was read → the list as saved (new version). */
export function putVehicles(body: VehicleSave): Promise<VehicleList> {
  return api.put<VehicleList>('/api/vehicles', body);
}

export const vehiclesQueryOptions = (slug: string) =>
  queryOptions({ queryKey: queryKeys.vehicles(slug, 'member'), queryFn: ({ signal }) => getVehicles(signal) });

export const managedVehiclesQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: queryKeys.vehicles(slug, 'manage'),
    queryFn: ({ signal }) => getManagedVehicles(signal),
    // Edits start from the version read; a background refetch would only move it under them.
    refetchOnWindowFocus: false,
  });

/** Saves the whole list; the answer replaces the management list, the member list reloads. */
export function useSaveVehicles(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putVehicles,
    onSuccess: async (saved) => {
      queryClient.setQueryData(managedVehiclesQueryOptions(slug).queryKey, saved);
      await queryClient.invalidateQueries({ queryKey: queryKeys.vehicles(slug, 'member') });
    },
  });
}

const httpText = (status: number) => `HTTP ${String(status)}`;

/** Member list failure text (member-portal §8): 'HTTP {status}' or 'Failed to load vehicles'. */
export function memberLoadErrorText(error: unknown): string {
  return error instanceof ApiError ? httpText(error.status) : 'Failed to load vehicles';
}

/** Management load failure (command-and-reports §8): the message, 'HTTP {status}' or 'Failed to load vehicles'. */
export function manageLoadErrorText(error: unknown): string {
  return failureText(error, httpText, 'Failed to load vehicles');
}

/** Save failure (command-and-reports §8): the response text, 'HTTP {status}' or 'Failed to save changes'. */
export function saveErrorText(error: unknown): string {
  return failureText(error, httpText, 'Failed to save changes');
}

/** Whether a save failed because someone else saved the list first (409). */
export function isStaleSave(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409;
}
