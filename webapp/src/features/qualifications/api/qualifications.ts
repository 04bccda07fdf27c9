/**
 * Command → Qualifications calls (issue 23): the catalogue's writes (`POST /api/qualifications`,
 * `PATCH|DELETE /api/qualifications/{id}`) and the holdings about to expire
 * (`GET /api/qualifications/expiring?days=`). The catalogue itself and the training templates are
 * read through `src/api`, which other screens share.
 */

import { queryOptions } from '@tanstack/react-query';
import { api, failureText } from '@/api/client';
import { queryKeys } from '@/api/query-keys';
import type { components } from '@/api/schema';
import type { Qualification, QualificationInput } from '@/api/types';
import { useWrite } from '@/api/write';

export type ExpiringList = components['schemas']['ExpiringList'];
export type Expiring = components['schemas']['Expiring'];

export { qualificationsQueryOptions } from '@/api/qualifications';
export { templatesQueryOptions, type Template } from '@/api/training-templates';

/** A failed call in a sentence: the server's own, else its status, else that the portal was not reached. */
export function qualificationsErrorText(error: unknown): string {
  return failureText(error, (status) => `Request failed: ${String(status)}`, 'The portal could not be reached.');
}

/** `days` null: the agency's default warning (the answer says how many days it is). */
export const expiringQueryOptions = (slug: string, days: number | null) =>
  queryOptions({
    queryKey: queryKeys.expiringQualifications(slug, days),
    queryFn: ({ signal }) =>
      api.get<ExpiringList>(days === null ? '/api/qualifications/expiring' : `/api/qualifications/expiring?days=${String(days)}`, {
        signal,
      }),
  });

/** Every write reads the qualifications again (the catalogue, the roster's and members' names, what expires). */
function useCatalogueWrite<V, R>(slug: string, call: (variables: V) => Promise<R>) {
  return useWrite(call, [queryKeys.qualificationsAll(slug), queryKeys.roster(slug)]);
}

/** POST /api/qualifications (201 with the qualification). */
export function useCreateQualification(slug: string) {
  return useCatalogueWrite(slug, (body: QualificationInput) => api.post<Qualification>('/api/qualifications', body));
}

/** PATCH /api/qualifications/{id}: a new validity applies to grants from now on. */
export function useUpdateQualification(slug: string) {
  return useCatalogueWrite(slug, ({ id, body }: { id: number; body: QualificationInput }) =>
    api.patch<Qualification>(`/api/qualifications/${String(id)}`, body),
  );
}

/** DELETE /api/qualifications/{id} (204; 409 with a sentence once it was ever granted). */
export function useDeleteQualification(slug: string) {
  return useCatalogueWrite(slug, (id: number) => api.delete<undefined>(`/api/qualifications/${String(id)}`));
}
