/**
 * Duty time read by several screens (issue 24): the viewer's own duty (`GET /api/duty/me`: the
 * top bar's clock and the profile) and every member's hours (`GET /api/duty/hours`: the
 * roster's columns, sort and filter, one request for the whole list). The writes belong to
 * the screens that make them (the clock, Supervisor → On duty).
 */

import { queryOptions } from '@tanstack/react-query';
import { api, failureText } from './client';
import { queryKeys } from './query-keys';
import type { components } from './schema';

type Schemas = components['schemas'];
export type Shift = Schemas['Shift'];
export type ShiftDetail = Schemas['ShiftDetail'];
export type Correction = Schemas['Correction'];
export type MyDuty = Schemas['MyDuty'];
export type WeekHours = Schemas['WeekHours'];
export type MemberHours = Schemas['MemberHours'];
export type RosterHours = Schemas['RosterHours'];

export const myDutyQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: queryKeys.myDuty(slug),
    queryFn: ({ signal }) => api.get<MyDuty>('/api/duty/me', { signal }),
    // The game server may clock the member in or out meanwhile.
    staleTime: 30_000,
    refetchInterval: 60_000,
  });

export const rosterHoursQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: queryKeys.rosterHours(slug),
    queryFn: ({ signal }) => api.get<RosterHours>('/api/duty/hours', { signal }),
    staleTime: 30_000,
  });

/** A refused duty call in a sentence: the server's own, else its status, else that the portal was not reached. */
export function dutyErrorText(error: unknown): string {
  return failureText(error, (status) => `Request failed: ${String(status)}`, 'The portal could not be reached.');
}
