/**
 * Duty calls of the top bar's clock and Supervisor → On duty (issue 24): clocking in and out
 * (`POST /api/duty/clock-in|clock-out`), who is on duty and the last week's shifts
 * (`GET /api/duty/now`), one shift with its corrections and a correction
 * (`GET|PATCH /api/duty/shifts/{id}`), and the agency's duty settings
 * (`GET|PUT /api/duty/settings`, High Command writes). The viewer's own duty and the roster's
 * hours are read through `src/api/duty`, which the profile and the roster share.
 */

import { queryOptions } from '@tanstack/react-query';
import { api } from '@/api/client';
import { type Shift, type ShiftDetail } from '@/api/duty';
import { queryKeys } from '@/api/query-keys';
import type { components } from '@/api/schema';
import { useWrite } from '@/api/write';

type Schemas = components['schemas'];
export type OnDuty = Schemas['OnDuty'];
export type ClockInInput = Schemas['ClockInInput'];
export type CorrectionInput = Schemas['CorrectionInput'];
export type DutySettings = Schemas['DutySettings'];
export type DutySettingsInput = Schemas['DutySettingsInput'];

export { dutyErrorText, myDutyQueryOptions, type Correction, type MyDuty, type Shift, type ShiftDetail } from '@/api/duty';

export const onDutyQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: queryKeys.onDuty(slug),
    queryFn: ({ signal }) => api.get<OnDuty>('/api/duty/now', { signal }),
    // Members clock in and out from the portal and the game server meanwhile.
    refetchInterval: 60_000,
  });

export const shiftQueryOptions = (slug: string, id: number) =>
  queryOptions({
    queryKey: queryKeys.shift(slug, id),
    queryFn: ({ signal }) => api.get<ShiftDetail>(`/api/duty/shifts/${String(id)}`, { signal }),
  });

export const dutySettingsQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: queryKeys.dutySettings(slug),
    queryFn: ({ signal }) => api.get<DutySettings>('/api/duty/settings', { signal }),
  });

/** Every duty write reads duty again: the viewer's own, who is on duty, shifts and the roster's hours. */
function useDutyWrite<V, R>(slug: string, call: (variables: V) => Promise<R>) {
  return useWrite(call, [queryKeys.dutyAll(slug)]);
}

/** POST /api/duty/clock-in (201 with the new shift); unit and callsign left out take the member's own. */
export function useClockIn(slug: string) {
  return useDutyWrite(slug, (body: ClockInInput) => api.post<Shift>('/api/duty/clock-in', body));
}

/** POST /api/duty/clock-out: the ended shift. */
export function useClockOut(slug: string) {
  return useDutyWrite(slug, () => api.post<Shift>('/api/duty/clock-out', {}));
}

/** PATCH /api/duty/shifts/{id}: new times and the reason; the shift with every correction. */
export function useCorrectShift(slug: string) {
  return useDutyWrite(slug, ({ id, body }: { id: number; body: CorrectionInput }) =>
    api.patch<ShiftDetail>(`/api/duty/shifts/${String(id)}`, body),
  );
}

/** PUT /api/duty/settings (High Command). */
export function useSaveDutySettings(slug: string) {
  return useDutyWrite(slug, (body: DutySettingsInput) => api.put<DutySettings>('/api/duty/settings', body));
}
