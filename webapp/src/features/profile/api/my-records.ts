/**
 * The signed-in member's own records for their profile (issue 10 "What every report gets",
 * "A trainee's completed sessions appear on their /profile"): the use-of-force reports, arrests
 * and tickets they filed (`?mine=true`: the server keeps the filer's account, so a reviewer
 * gets only their own too) and their training sessions (`GET /api/trainings/assignments?trainee=me`).
 */

import { queryOptions } from '@tanstack/react-query';
import { api } from '@/api/client';
import { queryKeys } from '@/api/query-keys';
import type { components } from '@/api/schema';

type Schemas = components['schemas'];
export type UofReport = Schemas['UofReport'];
export type ArrestReport = Schemas['ArrestReport'];
export type Ticket = Schemas['Ticket'];
export type TrainingSession = Schemas['Session'];

export const myUofQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: queryKeys.myReports(slug, 'uof'),
    queryFn: ({ signal }) => api.get<UofReport[]>('/api/uof?mine=true', { signal }),
  });

export const myArrestsQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: queryKeys.myReports(slug, 'arrests'),
    queryFn: ({ signal }) => api.get<ArrestReport[]>('/api/arrests?mine=true', { signal }),
  });

export const myTicketsQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: queryKeys.myReports(slug, 'tickets'),
    queryFn: ({ signal }) => api.get<Ticket[]>('/api/tickets?mine=true', { signal }),
  });

export const myTrainingQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: queryKeys.myTrainingSessions(slug),
    queryFn: ({ signal }) => api.get<TrainingSession[]>('/api/trainings/assignments?trainee=me', { signal }),
  });
