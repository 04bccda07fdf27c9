/** Agency administration calls (command-and-reports §7): the full agency list and creating agencies. */

import { queryOptions } from '@tanstack/react-query';
import { getAllAgencies } from '@/api/agencies';
import { api } from '@/api/client';
import { queryKeys } from '@/api/query-keys';
import type { Agency, AgencyDraft } from '@/api/types';

/** The list of the agencies admin (hidden agencies included); failures are reported. */
export const allAgenciesQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: queryKeys.agenciesAdmin(slug),
    queryFn: ({ signal }) => getAllAgencies(signal),
  });

/** POST /api/agencies → the new agency (201). */
export function createAgency(body: AgencyDraft): Promise<Agency> {
  return api.post<Agency>('/api/agencies', body);
}
