/**
 * The training templates (`GET /api/trainings`), read by training management and by Command →
 * Qualifications (the template whose completed sessions grant a qualification). Their writes
 * belong to the training feature.
 */

import { queryOptions } from '@tanstack/react-query';
import { api } from './client';
import { queryKeys } from './query-keys';
import type { components } from './schema';

export type Template = components['schemas']['Template'];

/** GET /api/trainings: the templates, by title. */
export function getTemplates(signal?: AbortSignal): Promise<Template[]> {
  return api.get<Template[]>('/api/trainings', { signal: signal ?? null });
}

export const templatesQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: queryKeys.trainingTemplates(slug),
    queryFn: ({ signal }) => getTemplates(signal),
    // An open editor must not be moved under the manager's hands.
    refetchOnWindowFocus: false,
  });
