/**
 * Recruitment calls (issue 26): Command → Recruitment's forms (`/api/applications/forms`), the
 * applicant's side (`/api/apply/forms`, `/api/apply/mine`) and the reviewers' board
 * (`/api/applications`: moves, notes, votes and the hire).
 */

import { queryOptions } from '@tanstack/react-query';
import { api, ApiError, failureText } from '@/api/client';
import { queryKeys } from '@/api/query-keys';
import type { components } from '@/api/schema';
import { useWrite } from '@/api/write';

type Schemas = components['schemas'];
export type ApplicationForm = Schemas['Form'];
export type FormInput = Schemas['FormInput'];
export type Question = Schemas['Question'];
export type Stage = Schemas['Stage'];
export type StageInput = Schemas['StageInput'];
export type PublicForm = Schemas['PublicForm'];
export type MyApplication = Schemas['MyApplication'];
export type Board = Schemas['Board'];
export type BoardForm = Schemas['BoardForm'];
export type ApplicationSummary = Schemas['ApplicationSummary'];
export type ApplicationDetail = Schemas['ApplicationDetail'];
export type Answer = Schemas['Answer'];
export type Note = Schemas['Note'];
export type Vote = Schemas['Vote'];
export type HireInput = Schemas['HireInput'];
export type Hired = Schemas['Hired'];

/** A failed call in a sentence: the server's own, else its status, else that the portal was not reached. */
export function recruitmentErrorText(error: unknown): string {
  return failureText(error, (status) => `Request failed: ${String(status)}`, 'The portal could not be reached.');
}

/** The form as it is now, when a save was stale (409 with the current form). */
export function isStale(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409;
}

const id = (value: number) => String(value);

export const applicationFormsQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: queryKeys.applicationForms(slug),
    queryFn: ({ signal }) => api.get<ApplicationForm[]>('/api/applications/forms', { signal }),
  });

export const openFormsQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: queryKeys.openApplicationForms(slug),
    queryFn: ({ signal }) => api.get<PublicForm[]>('/api/apply/forms', { signal }),
  });

export const myApplicationsQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: queryKeys.myApplications(slug),
    queryFn: ({ signal }) => api.get<MyApplication[]>('/api/apply/mine', { signal }),
  });

export const boardQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: queryKeys.applicationBoard(slug),
    queryFn: ({ signal }) => api.get<Board>('/api/applications', { signal }),
  });

export const applicationQueryOptions = (slug: string, applicationId: number) =>
  queryOptions({
    queryKey: queryKeys.application(slug, applicationId),
    queryFn: ({ signal }) => api.get<ApplicationDetail>(`/api/applications/${id(applicationId)}`, { signal }),
  });

/** Every write reads recruitment again (forms, board, the application, the status page). */
function useRecruitmentWrite<V, R>(slug: string, call: (variables: V) => Promise<R>, alsoRoster = false) {
  return useWrite(call, alsoRoster ? [queryKeys.recruitmentAll(slug), queryKeys.roster(slug)] : [queryKeys.recruitmentAll(slug)]);
}

/** POST /api/applications/forms (201 with the form; stages left out: the four defaults). */
export function useCreateForm(slug: string) {
  return useRecruitmentWrite(slug, (body: FormInput) => api.post<ApplicationForm>('/api/applications/forms', body));
}

/** PUT /api/applications/forms/{id}: the whole form at the version edited (409 when stale). */
export function useUpdateForm(slug: string) {
  return useRecruitmentWrite(slug, ({ formId, body }: { formId: number; body: FormInput }) =>
    api.put<ApplicationForm>(`/api/applications/forms/${id(formId)}`, body),
  );
}

/** DELETE /api/applications/forms/{id} (a form that never had an application). */
export function useDeleteForm(slug: string) {
  return useRecruitmentWrite(slug, (formId: number) => api.delete<undefined>(`/api/applications/forms/${id(formId)}`));
}

/** POST /api/apply/forms/{id} (201 with the application as its status page shows it). */
export function useApply(slug: string) {
  return useRecruitmentWrite(slug, ({ formId, answers }: { formId: number; answers: Record<string, unknown> }) =>
    api.post<MyApplication>(`/api/apply/forms/${id(formId)}`, { answers }),
  );
}

/** POST /api/applications/{id}/move (a denied stage takes a reason). */
export function useMoveApplication(slug: string) {
  return useRecruitmentWrite(
    slug,
    ({ applicationId, stageId, reason }: { applicationId: number; stageId: number; reason?: string | null }) =>
      api.post<ApplicationDetail>(`/api/applications/${id(applicationId)}/move`, { stageId, reason: reason ?? null }),
  );
}

/** POST /api/applications/{id}/notes. */
export function useAddNote(slug: string) {
  return useRecruitmentWrite(slug, ({ applicationId, body }: { applicationId: number; body: string }) =>
    api.post<ApplicationDetail>(`/api/applications/${id(applicationId)}/notes`, { body }),
  );
}

/** PUT /api/applications/{id}/vote (`none` takes the vote back). */
export function useVote(slug: string) {
  return useRecruitmentWrite(slug, ({ applicationId, vote }: { applicationId: number; vote: 'for' | 'against' | 'none' }) =>
    api.put<ApplicationDetail>(`/api/applications/${id(applicationId)}/vote`, { vote }),
  );
}

/** POST /api/applications/{id}/hire (201 with the entry; 200 and `alreadyHired` on a second click). */
export function useHire(slug: string) {
  return useRecruitmentWrite(
    slug,
    ({ applicationId, body }: { applicationId: number; body: HireInput }) =>
      api.post<Hired>(`/api/applications/${id(applicationId)}/hire`, body),
    true,
  );
}
