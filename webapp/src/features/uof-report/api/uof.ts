/** Filing a use-of-force report (command-and-reports §7 `POST /api/uof`). */

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import { fileUofReport, type UofDraft } from '@/api/reports';

/** Files the draft; the lists, the next number and the filer's profile refresh afterwards. */
export function useFileUofReport(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (draft: UofDraft) => fileUofReport(draft),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.uofAll(slug) });
    },
  });
}
