import { notifications } from '@mantine/notifications';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { components } from '@/api/schema';
import type { ViewerInfo } from '@/api/types';
import { renderApp, resetAppStores } from '@/test-utils/app';
import { COMMAND } from '@/test-utils/catalogue';
import { bodyOf, json, serveAgency } from '@/test-utils/fixtures';
import { rawlife } from '@/test-utils/organisation';
import { act, screen, waitFor, within } from '@/test-utils/render';
import { DELIVERIES_POLL_MS } from '../api/alerts';

type Schemas = components['schemas'];
type Webhook = Schemas['Webhook'];
type Delivery = Schemas['LoggedDelivery'];

const BAD_ADDRESS = "Use a Discord webhook address (https://discord.com/api/webhooks/…), copied from the channel's Integrations settings.";
const EVENTS = [
  { value: 'member.hired', label: 'Hire' },
  { value: 'member.rank_changed', label: 'Promotion or demotion' },
  { value: 'report.filed', label: 'Report filed' },
];
const ALL = EVENTS.map((event) => event.value);

function webhook(over: Partial<Webhook> = {}): Webhook {
  return {
    id: 1,
    name: 'Command channel',
    urlHint: 'discord.com/…/webhooks/900000000000000001/••••',
    events: ALL,
    enabled: true,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
    ...over,
  };
}

function delivery(over: Partial<Delivery> = {}): Delivery {
  return {
    id: 10,
    webhookId: 1,
    webhookName: 'Command channel',
    event: 'member.rank_changed',
    title: 'Casey Nguyen promoted to Sergeant',
    status: 'sent',
    attempts: 1,
    lastError: null,
    createdAt: '2026-01-04T10:00:00Z',
    sentAt: '2026-01-04T10:00:01Z',
    ...over,
  };
}

const LOG = [
  delivery(),
  delivery({ id: 9, event: 'test', title: 'Test message to Ops', webhookName: 'Ops', status: 'failed', attempts: 3, lastError: 'Discord: 404 Unknown Webhook', sentAt: null }),
];

interface ServeOptions {
  viewer?: Partial<ViewerInfo>;
  webhooks?: Webhook[];
  secretsAvailable?: boolean;
  deliveries?: (count: number) => Response;
  /** Answers POST and PATCH (the webhook by default). */
  save?: (body: Record<string, unknown>) => Response;
  test?: () => Response;
}

function serve(options: ServeOptions = {}) {
  const writes: { method: string; path: string; body: unknown }[] = [];
  let lists = 0;
  let logs = 0;
  serveAgency({
    me: COMMAND,
    viewer: options.viewer,
    agencies: [rawlife()],
    handle: (request, url) => {
      const path = url.pathname;
      if (!path.startsWith('/api/webhooks')) return undefined;
      if (request.method !== 'GET') writes.push({ method: request.method, path, body: bodyOf(request) });
      if (path === '/api/webhooks/deliveries') {
        logs += 1;
        return options.deliveries?.(logs) ?? json({ deliveries: LOG });
      }
      if (path === '/api/webhooks' && request.method === 'GET') {
        lists += 1;
        return json({ webhooks: options.webhooks ?? [webhook()], events: EVENTS, secretsAvailable: options.secretsAvailable ?? true });
      }
      if (path.endsWith('/test')) return options.test?.() ?? json({ sent: true, error: null });
      if (request.method === 'DELETE') return new Response(null, { status: 204 });
      const body = bodyOf(request) as Record<string, unknown>;
      return options.save?.(body) ?? json(webhook({ ...(body as Partial<Webhook>), id: 2 }), request.method === 'POST' ? 201 : 200);
    },
  });
  return { writes, lists: () => lists, logs: () => logs };
}

async function opened() {
  await screen.findByRole('heading', { level: 1, name: 'Alerts' }, { timeout: 3000 });
  await screen.findAllByTestId('delivery', {}, { timeout: 3000 });
}

const card = (name: string) => screen.getAllByTestId('webhook').find((element) => element.querySelector('h2')?.textContent === name)!;

async function openAdd(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Add webhook' }));
  return screen.findByRole('dialog', { name: 'Add webhook' });
}

describe('AlertsPage', { timeout: 20_000 }, () => {
  beforeEach(resetAppStores);
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('lists the webhooks (address hint, events, on or off) and the delivery log', async () => {
    serve({ webhooks: [webhook(), webhook({ id: 2, name: 'Ops', events: ['report.filed', 'member.hired'], enabled: false })] });
    renderApp('/command/alerts');
    await opened();
    const command = card('Command channel');
    expect(command.textContent).toContain('discord.com/…/webhooks/900000000000000001/••••');
    expect(within(command).getByLabelText('Events').textContent).toBe('Every event');
    expect(within(command).getByRole<HTMLInputElement>('switch', { name: 'Command channel on' }).checked).toBe(true);
    const ops = card('Ops');
    expect(within(ops).getByLabelText('Events').textContent).toBe('HireReport filed');
    expect(within(ops).getByRole<HTMLInputElement>('switch', { name: 'Ops on' }).checked).toBe(false);
    for (const name of ['Send test', 'Edit', 'Delete']) expect(within(ops).getByRole('button', { name })).toBeTruthy();

    const log = screen.getByRole('table', { name: 'Delivery log' });
    const rows = within(log).getAllByTestId('delivery');
    expect(Array.from(rows[0]!.querySelectorAll('td')).slice(1).map((td) => td.textContent)).toEqual([
      'Command channel',
      'Promotion or demotion',
      'Casey Nguyen promoted to Sergeant',
      'Sent',
      '1',
    ]);
    expect(Array.from(rows[1]!.querySelectorAll('td')).slice(1).map((td) => td.textContent)).toEqual([
      'Ops',
      'Test message',
      'Test message to OpsDiscord: 404 Unknown Webhook',
      'Failed',
      '3',
    ]);
  });

  it('says when there are no webhooks and nothing was sent', async () => {
    serve({ webhooks: [], deliveries: () => json({ deliveries: [] }) });
    renderApp('/command/alerts');
    expect((await screen.findByTestId('webhooks-empty', {}, { timeout: 3000 })).textContent).toContain('No webhooks yet.');
    expect((await screen.findByTestId('deliveries-empty')).textContent).toBe('Nothing has been sent yet.');
  });

  it('reads the delivery log again every few seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { logs } = serve({ deliveries: (count) => json({ deliveries: count === 1 ? [] : LOG }) });
    renderApp('/command/alerts');
    await screen.findByTestId('deliveries-empty', {}, { timeout: 3000 });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(DELIVERIES_POLL_MS);
    });
    await waitFor(() => {
      expect(logs()).toBe(2);
    });
    expect(await screen.findByText('Casey Nguyen promoted to Sergeant')).toBeTruthy();
  });

  it("adds a webhook: every event ticked at first, the fields checked, the server's address refusal under the address", async () => {
    const show = vi.spyOn(notifications, 'show');
    let refuse = true;
    const { writes, lists } = serve({
      save: (body) => (refuse ? json({ error: BAD_ADDRESS }, 400) : json(webhook({ ...(body as Partial<Webhook>), id: 2, urlHint: 'discord.com/…/webhooks/1/••••' }), 201)),
    });
    const user = userEvent.setup();
    renderApp('/command/alerts');
    await opened();
    const dialog = await openAdd(user);
    const allEvents = within(within(dialog).getByRole('group', { name: 'Events' })).getByRole<HTMLInputElement>('checkbox', { name: 'All events' });
    expect(allEvents.checked).toBe(true);
    expect(within(dialog).getAllByRole<HTMLInputElement>('checkbox').filter((box) => box.checked)).toHaveLength(4);
    expect(within(dialog).getByRole<HTMLInputElement>('switch', { name: /On/ }).checked).toBe(true);

    await user.click(allEvents);
    await user.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
    expect(await within(dialog).findByText('Give the webhook a name.')).toBeTruthy();
    expect(within(dialog).getByText('Paste the webhook address from the Discord channel.')).toBeTruthy();
    expect(within(dialog).getByText('Choose at least one event.')).toBeTruthy();
    expect(writes).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Ops');
    await user.type(within(dialog).getByRole('textbox', { name: 'Webhook address' }), 'https://example.com/hook');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Report filed' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Hire' }));
    expect(allEvents.indeterminate).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
    const address = within(dialog).getByRole('textbox', { name: 'Webhook address' });
    await waitFor(() => {
      expect(address.getAttribute('aria-invalid')).toBe('true');
    });
    expect(within(dialog).getByText(BAD_ADDRESS)).toBeTruthy();
    expect(writes[0]).toEqual({
      method: 'POST',
      path: '/api/webhooks',
      body: { name: 'Ops', url: 'https://example.com/hook', events: ['report.filed', 'member.hired'], enabled: true },
    });

    refuse = false;
    await user.clear(address);
    await user.type(address, 'https://discord.com/api/webhooks/1/token');
    await user.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'Add webhook' })).toBeNull();
    });
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ color: 'green', message: 'Webhook Ops added.' }));
    expect(lists()).toBe(2);
  });

  it("shows a refusal that belongs to no field above the buttons ('at most 20 webhooks')", async () => {
    serve({ save: () => json({ error: 'An agency has at most 20 webhooks.' }, 400) });
    const user = userEvent.setup();
    renderApp('/command/alerts');
    await opened();
    const dialog = await openAdd(user);
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Ops');
    await user.type(within(dialog).getByRole('textbox', { name: 'Webhook address' }), 'https://discord.com/api/webhooks/1/a');
    await user.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
    expect((await within(dialog).findByTestId('webhook-problem')).textContent).toBe('An agency has at most 20 webhooks.');
  });

  it('edits a webhook: the address stays unless replaced, and only what changed is sent', async () => {
    const { writes } = serve();
    const user = userEvent.setup();
    renderApp('/command/alerts');
    await opened();
    await user.click(within(card('Command channel')).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Command channel' });
    expect(within(dialog).getByText('discord.com/…/webhooks/900000000000000001/••••')).toBeTruthy();
    expect(within(dialog).queryByRole('textbox', { name: /address/ })).toBeNull();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Hire' }));
    await user.click(within(dialog).getByRole('button', { name: 'Replace address' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'New webhook address' }), 'https://discord.com/api/webhooks/2/new');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      expect(writes).toEqual([
        {
          method: 'PATCH',
          path: '/api/webhooks/1',
          body: { url: 'https://discord.com/api/webhooks/2/new', events: ['member.rank_changed', 'report.filed'] },
        },
      ]);
    });
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'Edit Command channel' })).toBeNull();
    });
  });

  it('asks before a dialog with changes is closed', async () => {
    serve();
    const user = userEvent.setup();
    renderApp('/command/alerts');
    await opened();
    const dialog = await openAdd(user);
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Ops');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    const ask = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    await user.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    expect(screen.getByRole('dialog', { name: 'Add webhook' })).toBeTruthy();
  });

  it('turns a webhook off at once, deletes one after asking, and shows what a test did', async () => {
    const show = vi.spyOn(notifications, 'show');
    let sent = true;
    const { writes, logs } = serve({
      save: (body) => json(webhook(body)),
      test: () => json(sent ? { sent: true, error: null } : { sent: false, error: 'Discord: 404 Unknown Webhook' }),
    });
    const user = userEvent.setup();
    renderApp('/command/alerts');
    await opened();
    await user.click(within(card('Command channel')).getByRole('switch', { name: 'Command channel on' }));
    await waitFor(() => {
      expect(writes[0]).toEqual({ method: 'PATCH', path: '/api/webhooks/1', body: { enabled: false } });
    });
    await waitFor(() => {
      expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: 'Command channel turned off.' }));
    });

    const before = logs();
    await user.click(within(card('Command channel')).getByRole('button', { name: 'Send test' }));
    expect((await screen.findByTestId('webhook-test-result')).textContent).toBe('Test message sent. Check the channel.');
    expect(writes[1]).toEqual({ method: 'POST', path: '/api/webhooks/1/test', body: {} });
    await waitFor(() => {
      expect(logs()).toBeGreaterThan(before);
    });
    sent = false;
    await user.click(within(card('Command channel')).getByRole('button', { name: 'Send test' }));
    await waitFor(() => {
      expect(screen.getByTestId('webhook-test-result').textContent).toBe('Not sent: Discord: 404 Unknown Webhook');
    });

    await user.click(within(card('Command channel')).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Command channel' });
    expect(within(confirm).getByText(/The webhook and its deliveries are deleted/)).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => {
      expect(writes.at(-1)).toEqual({ method: 'DELETE', path: '/api/webhooks/1', body: undefined });
    });
    await waitFor(() => {
      expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: 'Webhook Command channel deleted.' }));
    });
  });

  it('says when the portal cannot store addresses, and offers no Add webhook then', async () => {
    serve({ secretsAvailable: false });
    renderApp('/command/alerts');
    await opened();
    expect(screen.getByTestId('alerts-no-secrets').textContent).toContain('cannot store webhook addresses');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Add webhook' }).disabled).toBe(true);
  });

  it("shows 'Webhooks unavailable' with the server's text", async () => {
    serveAgency({
      me: COMMAND,
      agencies: [rawlife()],
      handle: (_request, url) => (url.pathname.startsWith('/api/webhooks') ? json({ error: 'You do not have permission to view this page.' }, 403) : undefined),
    });
    renderApp('/command/alerts');
    const title = await screen.findByText('Webhooks unavailable', {}, { timeout: 3000 });
    expect(title.closest('[role="alert"]')?.textContent).toContain('You do not have permission to view this page.');
    expect(await screen.findByText('Delivery log unavailable')).toBeTruthy();
  });

  it('is read-only on leave of absence', async () => {
    serve({ viewer: { canManage: false } });
    renderApp('/command/alerts');
    await opened();
    expect(screen.getByTestId('loa-notice')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add webhook' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send test' })).toBeNull();
    expect(screen.getByRole<HTMLInputElement>('switch', { name: 'Command channel on' }).disabled).toBe(true);
  });
});
