/** Roster calls (member-portal §7): the list, adding and editing people, free callsigns. */

import { queryOptions } from '@tanstack/react-query';
import { api, ApiError, prepareRequest } from '@/api/client';
import { queryKeys } from '@/api/query-keys';
import type { AvailableCallsigns, RosterEntry, RosterInput, SavedPerson } from '@/api/types';

// The list itself is shared with the report forms' deputy picker.
export { getRoster, rosterQueryOptions } from '@/api/roster';
// Every member's duty hours (issue 24), shared with the duty screens.
export { rosterHoursQueryOptions } from '@/api/duty';

/**
 * GET /api/roster/callsigns?rank= — the first page (200) of the free callsigns of the rank's
 * pools, as displayed, and `total`: how many are free in all (what a count should show).
 */
export function getAvailableCallsigns(rank: string, signal?: AbortSignal): Promise<AvailableCallsigns> {
  return api.get<AvailableCallsigns>(`/api/roster/callsigns?rank=${encodeURIComponent(rank)}`, {
    signal: signal ?? null,
  });
}

/** `rank` is a rank id (or name). */
export const availableCallsignsQueryOptions = (slug: string, rank: string) =>
  queryOptions({
    queryKey: queryKeys.availableCallsigns(slug, rank),
    queryFn: ({ signal }) => getAvailableCallsigns(rank, signal),
    staleTime: 0,
  });

/**
 * A failed roster save. Besides the server's `error` text it tells whether the body was not
 * JSON at all (`unparseable`) and, for a stale edit (409), the entry as it is now.
 */
export class RosterSaveError extends ApiError {
  readonly unparseable: boolean;
  readonly current: RosterEntry | null;

  constructor(status: number, serverMessage: string | null, unparseable: boolean, current: RosterEntry | null) {
    super(status, serverMessage ?? (unparseable ? 'Unknown error' : `HTTP ${status}`), serverMessage);
    this.name = 'RosterSaveError';
    this.unparseable = unparseable;
    this.current = current;
  }
}

async function failure(response: Response): Promise<RosterSaveError> {
  let body: unknown;
  try {
    body = JSON.parse(await response.text());
  } catch {
    return new RosterSaveError(response.status, null, true, null);
  }
  if (body === null || typeof body !== 'object') return new RosterSaveError(response.status, null, false, null);
  const record = body as Record<string, unknown>;
  const error = typeof record.error === 'string' && record.error.trim() !== '' ? record.error : null;
  const current =
    record.current !== null && typeof record.current === 'object' ? (record.current as RosterEntry) : null;
  return new RosterSaveError(response.status, error, false, current);
}

async function send(url: string, method: 'POST' | 'PATCH', body: RosterInput): Promise<SavedPerson> {
  const [target, init] = prepareRequest(url, {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const response = await fetch(target, init);
  if (!response.ok) throw await failure(response);
  return (await response.json()) as SavedPerson;
}

/** POST /api/roster → the new entry (201), and whether its callsign lies outside its rank's pools. */
export function createRosterEntry(body: RosterInput): Promise<SavedPerson> {
  return send('/api/roster', 'POST', body);
}

/** PATCH /api/roster/{id} with the `version` edited; a stale one fails with the current entry. */
export function updateRosterEntry(id: number, body: RosterInput): Promise<SavedPerson> {
  return send(`/api/roster/${id}`, 'PATCH', body);
}
