/**
 * Command → API tokens calls (issue 24): the agency's tokens and the scopes a token may have
 * (`GET /api/tokens`, never a secret), a new token (`POST /api/tokens`: the only answer that
 * holds its secret) and revoking one (`DELETE /api/tokens/{id}`).
 */

import { queryOptions } from '@tanstack/react-query';
import { api, failureText } from '@/api/client';
import { queryKeys } from '@/api/query-keys';
import type { components } from '@/api/schema';
import { useWrite } from '@/api/write';

type Schemas = components['schemas'];
export type ApiToken = Schemas['ApiToken'];
export type TokenList = Schemas['TokenList'];
export type ScopeInfo = Schemas['ScopeInfo'];
export type TokenInput = Schemas['TokenInput'];
export type CreatedToken = Schemas['CreatedToken'];

export const tokensQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: queryKeys.apiTokens(slug),
    queryFn: ({ signal }) => api.get<TokenList>('/api/tokens', { signal }),
  });

function useTokenWrite<V, R>(slug: string, call: (variables: V) => Promise<R>) {
  return useWrite(call, [queryKeys.apiTokens(slug)]);
}

/** POST /api/tokens (201): the token and its secret, shown once. */
export function useCreateToken(slug: string) {
  return useTokenWrite(slug, (body: TokenInput) => api.post<CreatedToken>('/api/tokens', body));
}

/** DELETE /api/tokens/{id}: the token as revoked. */
export function useRevokeToken(slug: string) {
  return useTokenWrite(slug, (id: number) => api.delete<ApiToken>(`/api/tokens/${String(id)}`));
}

/** A refused call in a sentence: the server's own, else its status, else that the portal was not reached. */
export function tokensErrorText(error: unknown): string {
  return failureText(error, (status) => `Request failed: ${String(status)}`, 'The portal could not be reached.');
}
