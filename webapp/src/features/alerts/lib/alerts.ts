/**
 * Command → Alerts (issue 22): the screen's texts, the webhook form's values and checks (the
 * server's rules and sentences), what a save sends, and how events and deliveries are shown.
 * Pure.
 */

export const ALERTS_TITLE = 'Alerts';
export const WEBHOOKS_UNAVAILABLE = 'Webhooks unavailable';
export const DELIVERIES_UNAVAILABLE = 'Delivery log unavailable';
export const NO_WEBHOOKS = 'No webhooks yet. Add one to post the agency\'s events to a Discord channel.';
export const NO_DELIVERIES = 'Nothing has been sent yet.';
export const NO_SECRET_KEY =
  'This portal cannot store webhook addresses: the server has no secret key (PORTAL_SECRET_KEY). Ask whoever runs the portal to set one.';
export const CONFIRM_DELETE = 'Stop posting alerts to this channel? The webhook and its deliveries are deleted.';

/** The server's checks of a webhook (`features/alerts/model.rs`, `shared/alerts.rs`). */
export const NAME_REQUIRED = 'Give the webhook a name.';
export const NO_EVENTS = 'Choose at least one event.';
export const BAD_ADDRESS =
  "Use a Discord webhook address (https://discord.com/api/webhooks/…), copied from the channel's Integrations settings.";
export const TOO_MANY = 'An agency has at most 20 webhooks.';
export const ADDRESS_REQUIRED = 'Paste the webhook address from the Discord channel.';
export const MAX_WEBHOOKS = 20;
export const NAME_MAX = 120;
export const ADDRESS_MAX = 2048;

/** What the form needs of a webhook. */
export interface WebhookLike {
  name: string;
  events: readonly string[];
  enabled: boolean;
}

/** The add and edit form; `url` is entered only for a new webhook or when replacing the address. */
export interface WebhookFormValues {
  name: string;
  url: string;
  replaceUrl: boolean;
  events: string[];
  enabled: boolean;
}

/** A new webhook starts with every event and on; an existing one as it is. */
export function webhookFormValues(hook: WebhookLike | null, allEvents: readonly string[]): WebhookFormValues {
  if (hook === null) return { name: '', url: '', replaceUrl: true, events: [...allEvents], enabled: true };
  return { name: hook.name, url: '', replaceUrl: false, events: [...hook.events], enabled: hook.enabled };
}

export type WebhookErrors = Partial<Record<'name' | 'url' | 'events', string>>;

export function validateWebhook(values: WebhookFormValues): WebhookErrors {
  const errors: WebhookErrors = {};
  if (values.name.trim() === '') errors.name = NAME_REQUIRED;
  if (values.replaceUrl && values.url.trim() === '') errors.url = ADDRESS_REQUIRED;
  if (values.events.length === 0) errors.events = NO_EVENTS;
  return errors;
}

/** `POST /api/webhooks`. */
export interface WebhookCreate {
  name: string;
  url: string;
  events: string[];
  enabled: boolean;
}

export function webhookCreate(values: WebhookFormValues): WebhookCreate {
  return { name: values.name.trim(), url: values.url.trim(), events: values.events, enabled: values.enabled };
}

/** `PATCH /api/webhooks/{id}`: what changed. */
export interface WebhookChange {
  name?: string;
  url?: string;
  events?: string[];
  enabled?: boolean;
}

/** What the form changes of `hook`, events in the order of `allEvents`; null when nothing. */
export function webhookChange(hook: WebhookLike, values: WebhookFormValues, allEvents: readonly string[]): WebhookChange | null {
  const change: WebhookChange = {};
  const name = values.name.trim();
  if (name !== hook.name) change.name = name;
  if (values.replaceUrl && values.url.trim() !== '') change.url = values.url.trim();
  const events = inOrder(values.events, allEvents);
  if (!sameSet(events, hook.events)) change.events = events;
  if (values.enabled !== hook.enabled) change.enabled = values.enabled;
  return Object.keys(change).length === 0 ? null : change;
}

/** `chosen` in the order of `all` (anything unknown last). */
export function inOrder(chosen: readonly string[], all: readonly string[]): string[] {
  const known = all.filter((event) => chosen.includes(event));
  return [...known, ...chosen.filter((event) => !all.includes(event))];
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item) => b.includes(item));
}

/** The field a refusal of the server belongs to; null for the form as a whole. */
export function refusedField(message: string): keyof WebhookErrors | null {
  if (message === NAME_REQUIRED || message.startsWith('A webhook name')) return 'name';
  if (message === NO_EVENTS || message.startsWith('Unknown event')) return 'events';
  if (message === BAD_ADDRESS) return 'url';
  return null;
}

/** Labels by event value; the test message and unknown events are named too. */
export function eventLabels(events: readonly { value: string; label: string }[]): (value: string) => string {
  const labels = new Map(events.map((event) => [event.value, event.label]));
  return (value) => labels.get(value) ?? (value === 'test' ? 'Test message' : value);
}

/** 'Every event' when a webhook gets them all, else the labels. */
export function eventsSummary(chosen: readonly string[], all: readonly string[], label: (value: string) => string): string[] {
  if (all.length > 0 && all.every((event) => chosen.includes(event))) return ['Every event'];
  return inOrder(chosen, all).map(label);
}

const STATUS: Readonly<Record<string, { label: string; color: string }>> = {
  pending: { label: 'Pending', color: 'yellow' },
  sent: { label: 'Sent', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
};

export function deliveryStatus(status: string): { label: string; color: string } {
  return STATUS[status] ?? { label: status, color: 'gray' };
}

/** What 'Send test' did, in a sentence. */
export function testResultLine(result: { sent: boolean; error?: string | null }): string {
  if (result.sent) return 'Test message sent. Check the channel.';
  return `Not sent: ${result.error ?? 'Discord did not accept it.'}`;
}
