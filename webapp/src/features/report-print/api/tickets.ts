/** The printable view's ticket read (command-and-reports §7 `GET /api/tickets/{id}`). */

import { queryOptions } from '@tanstack/react-query';
import { api } from '@/api/client';
import { queryKeys } from '@/api/query-keys';
import type { Ticket } from '@/api/reports';

/** GET /api/tickets/{id} — one citation with its total fine. */
export function getTicket(id: number, signal?: AbortSignal): Promise<Ticket> {
  return api.get<Ticket>(`/api/tickets/${String(id)}`, { signal: signal ?? null });
}

export const ticketQueryOptions = (slug: string, id: number) =>
  queryOptions({ queryKey: queryKeys.ticket(slug, id), queryFn: ({ signal }) => getTicket(id, signal), staleTime: 0 });
