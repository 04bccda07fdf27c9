import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useActiveSlug } from '@/agency/context';
import { meQueryOptions } from '@/api/identity';
import { queryKeys } from '@/api/query-keys';

/** The signed-in user of the active agency (`GET /api/auth/me`). */
export function useMe() {
  return useQuery(meQueryOptions(useActiveSlug()));
}

/**
 * Keeps navigation permissions in step with the session: when the signed-in user changes
 * (sign-in or sign-out, e.g. in another tab), the permissions and their viewer are reloaded.
 */
export function useSessionSync(): void {
  const queryClient = useQueryClient();
  const slug = useActiveSlug();
  const me = useMe();
  const userId = me.data === undefined ? undefined : (me.data.user?.id ?? null);
  const previous = useRef<string | null | undefined>(undefined);

  useEffect(() => {
    if (userId === undefined) return;
    if (previous.current !== undefined && previous.current !== userId) {
      void queryClient.invalidateQueries({ queryKey: queryKeys.navPermissionsAll(slug) });
    }
    previous.current = userId;
  }, [queryClient, slug, userId]);
}
