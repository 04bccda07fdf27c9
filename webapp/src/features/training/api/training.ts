/**
 * Field training calls (command-and-reports §7): templates (`GET|POST /api/trainings`,
 * `PATCH|DELETE /api/trainings/{id}`) and sessions (`GET /api/trainings/assignments`,
 * `GET|PATCH|DELETE /api/trainings/assignments/{id}`, `POST /api/trainings/assign`).
 */

import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api/client';
import { queryKeys } from '@/api/query-keys';
import type { components } from '@/api/schema';

// The template list is shared with Command → Qualifications.
export { getTemplates, templatesQueryOptions } from '@/api/training-templates';

type Schemas = components['schemas'];
export type Template = Schemas['Template'];
export type TemplateDraft = Schemas['TemplateDraft'];
export type Step = Schemas['Step'];
export type Session = Schemas['Session'];
export type SessionPatch = Schemas['SessionPatch'];
export type Assignment = Schemas['Assignment'];
export type Person = Schemas['Person'];
export type ChecklistItem = Schemas['ChecklistItem'];

/** GET /api/trainings/assignments: the sessions, newest first. */
export function getSessions(signal?: AbortSignal): Promise<Session[]> {
  return api.get<Session[]>('/api/trainings/assignments', { signal: signal ?? null });
}

/** GET /api/trainings/assignments/{id}. */
export function getSession(id: number, signal?: AbortSignal): Promise<Session> {
  return api.get<Session>(`/api/trainings/assignments/${String(id)}`, { signal: signal ?? null });
}

export const sessionsQueryOptions = (slug: string) =>
  queryOptions({ queryKey: queryKeys.trainingSessions(slug), queryFn: ({ signal }) => getSessions(signal) });

/** Saves a template: a new one (no id) is created, else it replaces the stored one. */
export function useSaveTemplate(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, draft }: { id: number | null; draft: TemplateDraft }) =>
      id === null
        ? api.post<Template>('/api/trainings', draft)
        : api.patch<Template>(`/api/trainings/${String(id)}`, draft),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.trainingTemplates(slug) });
    },
  });
}

export function useDeleteTemplate(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<undefined>(`/api/trainings/${String(id)}`),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.trainingTemplates(slug) });
    },
  });
}

/** POST /api/trainings/assign → the new session. */
export function useCreateSession(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (assignment: Assignment) => api.post<Session>('/api/trainings/assign', assignment),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.trainingSessionsAll(slug) });
    },
  });
}

/** PATCH /api/trainings/assignments/{id}: fields, status, people or one checklist tick → the session. */
export function useUpdateSession(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: number; patch: SessionPatch }) =>
      api.patch<Session>(`/api/trainings/assignments/${String(id)}`, patch),
    onSuccess: async (saved) => {
      queryClient.setQueryData(queryKeys.trainingSession(slug, saved.id), saved);
      queryClient.setQueryData<Session[]>(queryKeys.trainingSessions(slug), (list) =>
        list?.map((session) => (session.id === saved.id ? saved : session)),
      );
      await queryClient.invalidateQueries({ queryKey: queryKeys.trainingSessionsAll(slug) });
    },
  });
}

export function useDeleteSession(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<undefined>(`/api/trainings/assignments/${String(id)}`),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.trainingSessionsAll(slug) });
    },
  });
}
