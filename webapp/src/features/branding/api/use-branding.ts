import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateAgency, uploadAgencyMedia } from '@/api/agencies';
import { queryKeys } from '@/api/query-keys';
import type { BrandingChanges } from '../lib/branding';

/** PATCH the agency's texts and theme, then reload its configuration so the shell follows. */
export function useSaveBranding(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: BrandingChanges) => updateAgency(slug, changes),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.agencyConfig(slug) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.agencies() }),
      ]);
    },
  });
}

/** Uploads a badge, hero image or favicon for the active agency → its URL. */
export function useUploadImage() {
  return useMutation({ mutationFn: (file: File) => uploadAgencyMedia(file) });
}
