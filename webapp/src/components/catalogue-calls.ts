/**
 * What the catalogue management scaffold (CatalogueManager, CatalogueItemDialog) needs of a
 * screen's TanStack Query hooks: the list query and the whole-list save. The hooks' own
 * results fit these shapes; the scaffold stays free of each feature's API types.
 */

import { ApiError } from '@/api/client';
import type { CallFailure } from '@/lib/catalogue-failure';

/** The management list query (`useQuery(managed…QueryOptions(slug))`). */
export interface ListQuery<L> {
  data: L | undefined;
  error: unknown;
  isPending: boolean;
  isFetching: boolean;
  isError: boolean;
  refetch: () => Promise<unknown>;
}

/** A whole-list save at the version read (`useSave…(slug)`); the answer replaces the list. */
export interface ListSave<S> {
  mutate: (input: S, options: { onSuccess: () => void; onError: (error: Error) => void }) => void;
  isPending: boolean;
  isSuccess: boolean;
}

/** What the failure texts need of an error: the HTTP status and server text, or null (network). */
export function callFailureOf(error: unknown): CallFailure | null {
  return error instanceof ApiError ? { status: error.status, serverMessage: error.serverMessage } : null;
}
