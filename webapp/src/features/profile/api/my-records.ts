/**
 * The signed-in member's own records for their profile (issue 10 "What every report gets",
 * "A trainee's completed sessions appear on their /profile"): the use-of-force reports, arrests
 * and tickets they filed (`?mine=true`: the server keeps the filer's account, so a reviewer
 * gets only their own too; 50 of a kind at a time) and their training sessions (`GET /api/trainings/assignments?trainee=me`).
 */

import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api, failureText } from '@/api/client';
import { getPage, withParams, type Page } from '@/api/paging';
import { queryKeys } from '@/api/query-keys';
import type { components } from '@/api/schema';
import { useWrite } from '@/api/write';

type Schemas = components['schemas'];
export type UofReport = Schemas['UofReport'];
export type ArrestReport = Schemas['ArrestReport'];
export type Ticket = Schemas['Ticket'];
export type TrainingSession = Schemas['Session'];

/** How many of each kind of report 'My reports' reads at a time. */
export const MY_REPORTS_PAGE_SIZE = 50;

/** The member's own reports of one kind, a page at a time, newest filed first (`GET {path}?mine=true&limit=&before=`). */
const myReportPages = <R>(slug: string, kind: 'uof' | 'arrests' | 'tickets', path: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.myReports(slug, kind),
    queryFn: ({ signal, pageParam }) =>
      getPage<R>(withParams(path, { mine: 'true', limit: MY_REPORTS_PAGE_SIZE, before: pageParam }), signal),
    initialPageParam: null as number | null,
    getNextPageParam: (last: Page<R>) => last.nextBefore,
  });

export const myUofQueryOptions = (slug: string) => myReportPages<UofReport>(slug, 'uof', '/api/uof');

export const myArrestsQueryOptions = (slug: string) => myReportPages<ArrestReport>(slug, 'arrests', '/api/arrests');

export const myTicketsQueryOptions = (slug: string) => myReportPages<Ticket>(slug, 'tickets', '/api/tickets');

export const myTrainingQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: queryKeys.myTrainingSessions(slug),
    queryFn: ({ signal }) => api.get<TrainingSession[]>('/api/trainings/assignments?trainee=me', { signal }),
  });

/**
 * The member's own leave (issue 23): their requests (`GET /api/leave?mine=true`), a new one
 * (`POST /api/leave`) and cancelling one (`POST /api/leave/{id}/cancel`). Their qualifications are
 * read through `src/api/qualifications`.
 */
export type LeaveRequest = Schemas['LeaveRequest'];
export type LeaveInput = Schemas['LeaveInput'];

export { memberQualificationsQueryOptions } from '@/api/qualifications';

export const myLeaveQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: queryKeys.leave(slug, 'mine'),
    queryFn: ({ signal }) => api.get<LeaveRequest[]>('/api/leave?mine=true', { signal }),
  });

/** After a request or a cancellation: every leave list (the reviewers' too), the roster and the files. */
function useLeaveWrite<V>(slug: string, call: (variables: V) => Promise<LeaveRequest>) {
  return useWrite(call, [queryKeys.leaveAll(slug), queryKeys.roster(slug), queryKeys.personnelFilesAll(slug)]);
}

export function useRequestLeave(slug: string) {
  return useLeaveWrite(slug, (body: LeaveInput) => api.post<LeaveRequest>('/api/leave', body));
}

export function useCancelLeave(slug: string) {
  return useLeaveWrite(slug, (id: number) => api.post<LeaveRequest>(`/api/leave/${String(id)}/cancel`, {}));
}

/** A refused request or cancellation in a sentence: the server's own, else its status, else that the portal was not reached. */
export function leaveErrorText(error: unknown): string {
  return failureText(error, (status) => `Request failed: ${String(status)}`, 'The portal could not be reached.');
}

/** The member's own duty (issue 24): read through `src/api/duty`, which the top bar's clock shares. */
export { dutyErrorText, myDutyQueryOptions, type MyDuty, type Shift } from '@/api/duty';
