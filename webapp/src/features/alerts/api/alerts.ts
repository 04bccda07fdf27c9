/**
 * Command → Alerts calls (issue 22): the agency's webhooks and the events they may receive
 * (`/api/webhooks`; an address is write-only, only its hint comes back), a test message
 * (`/api/webhooks/{id}/test`) and the delivery log (`/api/webhooks/deliveries`, read again every
 * few seconds while the screen is open).
 */

import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, failureText } from '@/api/client';
import { queryKeys } from '@/api/query-keys';
import type { components } from '@/api/schema';
import type { WebhookChange, WebhookCreate } from '../lib/alerts';

type Schemas = components['schemas'];
export type Webhook = Schemas['Webhook'];
export type WebhookList = Schemas['WebhookList'];
export type EventKind = Schemas['EventKind'];
export type Delivery = Schemas['LoggedDelivery'];
export type TestResult = Schemas['TestResult'];

/** How often the delivery log is read while the screen is open. */
export const DELIVERIES_POLL_MS = 5000;

/** A failed call in a sentence: the server's own, else its status, else that the portal was not reached. */
export function alertsErrorText(error: unknown): string {
  return failureText(error, (status) => `Request failed: ${String(status)}`, 'The portal could not be reached.');
}

export const webhooksQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: queryKeys.webhooks(slug),
    queryFn: ({ signal }) => api.get<WebhookList>('/api/webhooks', { signal }),
  });

export const deliveriesQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: queryKeys.webhookDeliveries(slug),
    queryFn: ({ signal }) => api.get<Schemas['DeliveryLog']>('/api/webhooks/deliveries', { signal }),
    refetchInterval: DELIVERIES_POLL_MS,
    staleTime: 0,
  });

/** Every write reads the webhooks and the delivery log again (a deletion takes its deliveries along). */
function useWebhookMutation<V, R>(slug: string, call: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.webhooks(slug) });
    },
  });
}

/** POST /api/webhooks (201 with the webhook). */
export function useCreateWebhook(slug: string) {
  return useWebhookMutation(slug, (body: WebhookCreate) => api.post<Webhook>('/api/webhooks', body));
}

/** PATCH /api/webhooks/{id}: only what changed. */
export function useUpdateWebhook(slug: string) {
  return useWebhookMutation(slug, ({ id, change }: { id: number; change: WebhookChange }) =>
    api.patch<Webhook>(`/api/webhooks/${String(id)}`, change),
  );
}

/** DELETE /api/webhooks/{id} (204). */
export function useDeleteWebhook(slug: string) {
  return useWebhookMutation(slug, (id: number) => api.delete<undefined>(`/api/webhooks/${String(id)}`));
}

/** POST /api/webhooks/{id}/test: sent now, and logged with the deliveries. */
export function useTestWebhook(slug: string) {
  return useWebhookMutation(slug, (id: number) => api.post<TestResult>(`/api/webhooks/${String(id)}/test`, {}));
}
