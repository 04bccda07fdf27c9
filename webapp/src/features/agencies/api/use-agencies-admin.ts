import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { updateAgency, uploadAgencyMedia, type AgencyPatchBody } from '@/api/agencies';
import { queryKeys } from '@/api/query-keys';
import type { AgencyDraftBody } from '../lib/agency-admin';
import { createAgency } from './agencies-admin';
import { importAgencyBundle, type ImportOptions } from './import-bundle';

/** After a change: the admin list, the switcher list and the changed agency's configuration. */
async function refreshAgencies(queryClient: QueryClient, activeSlug: string, changed?: string): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.agenciesAdmin(activeSlug) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.agencies() }),
    changed === undefined
      ? Promise.resolve()
      : queryClient.invalidateQueries({ queryKey: queryKeys.agencyConfig(changed) }),
  ]);
}

export function useCreateAgency(activeSlug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AgencyDraftBody) => createAgency(body),
    onSuccess: () => refreshAgencies(queryClient, activeSlug),
  });
}

export function useUpdateAgency(activeSlug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ slug, patch }: { slug: string; patch: AgencyPatchBody }) => updateAgency(slug, patch),
    onSuccess: (_agency, { slug }) => refreshAgencies(queryClient, activeSlug, slug),
  });
}

/** Uploads an image for agency `slug` (root High Command) → its URL. */
export function useUploadAgencyMedia() {
  return useMutation({ mutationFn: ({ slug, file }: { slug: string; file: File }) => uploadAgencyMedia(file, slug) });
}

/** Imports a bundle as a new agency (root High Command), then refreshes the lists. */
export function useImportAgency(activeSlug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, ...options }: { file: File } & ImportOptions) => importAgencyBundle(file, options),
    onSuccess: () => refreshAgencies(queryClient, activeSlug),
  });
}
