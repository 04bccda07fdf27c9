/**
 * A member's qualifications from the roster's person dialog (issue 23): grant or renew one by
 * hand with a note (`POST /api/roster/{id}/qualifications`) and revoke one with a reason
 * (`POST /api/roster/{id}/qualifications/{holding}/revoke`). What they hold is read through
 * `src/api/qualifications`, which the profile shares.
 */

import { api, failureText } from '@/api/client';
import { queryKeys } from '@/api/query-keys';
import type { Holding } from '@/api/types';
import { useWrite } from '@/api/write';

export { memberQualificationsQueryOptions, qualificationsQueryOptions } from '@/api/qualifications';

/** A refused grant or revocation in a sentence: the server's own (your own, another department, …). */
export function holdingErrorText(error: unknown): string {
  return failureText(error, (status) => `Request failed: ${String(status)}`, 'The portal could not be reached.');
}

/** After a grant or a revocation: the member's list, the roster's chips, the catalogue's counts and the files. */
function useHoldingWrite<V>(slug: string, call: (variables: V) => Promise<Holding>) {
  return useWrite(call, [queryKeys.qualificationsAll(slug), queryKeys.roster(slug), queryKeys.personnelFilesAll(slug)]);
}

export function useGrantQualification(slug: string, rosterId: number) {
  return useHoldingWrite(slug, (body: { qualificationId: number; note: string }) =>
    api.post<Holding>(`/api/roster/${String(rosterId)}/qualifications`, body),
  );
}

export function useRevokeQualification(slug: string, rosterId: number) {
  return useHoldingWrite(slug, ({ holdingId, reason }: { holdingId: number; reason: string }) =>
    api.post<Holding>(`/api/roster/${String(rosterId)}/qualifications/${String(holdingId)}/revoke`, { reason }),
  );
}
