/**
 * Command → Discord calls (issue 22): the agency's settings (`/api/discord/settings`, saved by
 * High Command; the bot token is write-only), the structure's links to Discord roles and their
 * directions (`/api/discord/mappings`), the differences between the guild and the roster and the
 * syncs that fix them (`/api/discord/sync`: one member at once, or a run followed at
 * `/api/discord/sync/runs/{id}`).
 */

import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, failureText } from '@/api/client';
import { queryKeys } from '@/api/query-keys';
import type { components } from '@/api/schema';
import type { SettingsChange } from '../lib/discord';

type Schemas = components['schemas'];
export type DiscordSettings = Schemas['DiscordSettingsView'];
export type MappingList = Schemas['MappingList'];
export type Mapping = Schemas['MappingView'];
export type SyncOverview = Schemas['SyncOverview'];
export type Drift = Schemas['Drift'];
export type SyncRun = Schemas['Run'];
export type SyncAnswer = Schemas['SyncAnswer'];

/** A failed call in a sentence: the server's own, else its status, else that the portal was not reached. */
export function discordErrorText(error: unknown): string {
  return failureText(error, (status) => `Request failed: ${String(status)}`, 'The portal could not be reached.');
}

/** How often a run is asked how far it got. */
export const RUN_POLL_MS = 1000;

export const discordSettingsQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: queryKeys.discordSettings(slug),
    queryFn: ({ signal }) => api.get<DiscordSettings>('/api/discord/settings', { signal }),
  });

export const discordMappingsQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: queryKeys.discordMappings(slug),
    queryFn: ({ signal }) => api.get<MappingList>('/api/discord/mappings', { signal }),
  });

export const discordSyncQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: queryKeys.discordSync(slug),
    queryFn: ({ signal }) => api.get<SyncOverview>('/api/discord/sync', { signal }),
    // Discord changes without the portal: read it afresh whenever the screen is shown.
    staleTime: 0,
  });

/** One run, asked again every second until it has finished. */
export const syncRunQueryOptions = (slug: string, id: number) =>
  queryOptions({
    queryKey: queryKeys.discordSyncRun(slug, id),
    queryFn: ({ signal }) => api.get<SyncRun>(`/api/discord/sync/runs/${String(id)}`, { signal }),
    refetchInterval: (query) => (query.state.data?.finishedAt == null ? RUN_POLL_MS : false),
  });

/** PUT /api/discord/settings (High Command): the answer replaces the settings; links and differences are read again. */
export function useSaveDiscordSettings(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: SettingsChange) => api.put<DiscordSettings>('/api/discord/settings', change),
    onSuccess: (saved) => {
      client.setQueryData(queryKeys.discordSettings(slug), saved);
      void client.invalidateQueries({ queryKey: queryKeys.discordMappings(slug) });
      void client.invalidateQueries({ queryKey: queryKeys.discordSync(slug) });
    },
  });
}

/** PUT /api/discord/mappings: which way department roles go; the differences follow. */
export function useSaveDirections(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (directions: Record<string, string>) => api.put<MappingList>('/api/discord/mappings', { directions }),
    onSuccess: (saved) => {
      client.setQueryData(queryKeys.discordMappings(slug), saved);
      void client.invalidateQueries({ queryKey: queryKeys.discordSync(slug) });
    },
  });
}

/** POST /api/discord/sync with `rosterId`: one member now; the differences are read again. */
export function useSyncMember(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (rosterId: number) => api.post<SyncAnswer>('/api/discord/sync', { rosterId }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: queryKeys.discordSync(slug) });
    },
  });
}

/** POST /api/discord/sync: a run over everyone, carried out in the background (202 with the run). */
export function useStartSync(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<SyncAnswer>('/api/discord/sync', {}),
    onSuccess: (answer) => {
      if (answer.run != null) client.setQueryData(queryKeys.discordSyncRun(slug, answer.run.id), answer.run);
    },
  });
}
