/** Ticket calls (issue 10 "Ticket report"): the suggested citation number and issuing a ticket. */

import { queryOptions } from '@tanstack/react-query';
import { api } from '@/api/client';
import { queryKeys } from '@/api/query-keys';
import type { components } from '@/api/schema';

export type TicketDraft = components['schemas']['TicketDraft'];
export type IssuedTicket = components['schemas']['IssuedTicket'];
export type NextCitationNumber = components['schemas']['NextCitationNumber'];

/** GET /api/tickets/next-number → {citationNumber}. */
export function getNextCitationNumber(signal?: AbortSignal): Promise<NextCitationNumber> {
  return api.get<NextCitationNumber>('/api/tickets/next-number', { signal: signal ?? null });
}

export const nextCitationNumberQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: queryKeys.ticketNextNumber(slug),
    queryFn: ({ signal }) => getNextCitationNumber(signal),
    staleTime: 0,
  });

/** POST /api/tickets → 201 {id, citationNumber}; a blank citation number is allocated by the server. */
export function issueTicket(draft: TicketDraft): Promise<IssuedTicket> {
  return api.post<IssuedTicket>('/api/tickets', draft);
}
