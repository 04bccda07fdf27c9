/**
 * Department-scoped command (issue 23, `GET /api/command-scope`): which levels command their own
 * department only, and what the viewer's own command reaches: the whole agency, or one
 * department. The department page edits it; the roster reads the viewer's reach so that people
 * of other departments show read-only. Members without the department page get 403: the
 * screens then offer what the rank rule allows and the server has the last word.
 */

import { queryOptions } from '@tanstack/react-query';
import { api } from './client';
import { queryKeys } from './query-keys';
import type { CommandScope } from './types';

export const commandScopeQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: queryKeys.commandScope(slug),
    queryFn: ({ signal }) => api.get<CommandScope>('/api/command-scope', { signal }),
    staleTime: 30_000,
    retry: false,
  });
