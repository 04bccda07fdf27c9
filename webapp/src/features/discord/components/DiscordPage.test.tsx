import { notifications } from '@mantine/notifications';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { components } from '@/api/schema';
import type { ViewerInfo } from '@/api/types';
import { renderApp, resetAppStores } from '@/test-utils/app';
import { COMMAND } from '@/test-utils/catalogue';
import { bodyOf, json, serveAgency, signedIn } from '@/test-utils/fixtures';
import { ALEX_ENTRY, rawlife } from '@/test-utils/organisation';
import { screen, waitFor, within } from '@/test-utils/render';

type Schemas = components['schemas'];
type Settings = Schemas['DiscordSettingsView'];
type Overview = Schemas['SyncOverview'];
type Run = Schemas['Run'];

const HIGH_COMMAND = signedIn(ALEX_ENTRY);
const SYNC_OFF = 'Turn role sync on first (Command → Discord, High Command).';

function settings(over: Partial<Settings> = {}): Settings {
  return {
    guildId: null,
    deploymentGuildId: '800000000000000000',
    botTokenSet: false,
    deploymentBot: true,
    syncEnabled: true,
    problem: null,
    canEdit: true,
    secretsAvailable: true,
    updatedAt: '2026-01-03T14:05:00Z',
    updatedBy: 'Demo data',
    ...over,
  };
}

const MAPPINGS: Schemas['MappingList'] = {
  mappings: [
    { kind: 'department', itemId: 'hq', name: 'Headquarters', departmentId: 'hq', departmentName: 'Headquarters', discordRoleId: '820000000000000001', direction: 'to_discord', discordRoleName: 'BCSO Headquarters' },
    { kind: 'rank', itemId: 'hq-rank-1', name: 'Deputy', departmentId: 'hq', departmentName: 'Headquarters', discordRoleId: '820000000000000011', direction: 'to_discord', discordRoleName: 'BCSO Deputy' },
    { kind: 'role', itemId: 'fto', name: 'FTO', departmentId: 'hq', departmentName: 'Headquarters', discordRoleId: '820000000000000099', direction: 'to_discord', discordRoleName: null },
  ],
  rolesProblem: null,
};

const ROLES = [
  { id: '820000000000000001', name: 'BCSO Headquarters' },
  { id: '820000000000000011', name: 'BCSO Deputy' },
  { id: '820000000000000012', name: 'BCSO Supervisor' },
];

function drift(over: Partial<Schemas['Drift']> = {}): Schemas['Drift'] {
  return {
    rosterId: 4,
    name: 'Casey Nguyen',
    discordId: '200000000000000004',
    missing: ['820000000000000001', '820000000000000011'],
    extra: ['820000000000000012'],
    notInGuild: false,
    rosterToAdd: ['fto'],
    rosterToRemove: [],
    ...over,
  };
}

function overview(over: Partial<Overview> = {}): Overview {
  return {
    syncEnabled: true,
    problem: null,
    roles: ROLES,
    members: [drift(), drift({ rosterId: 9, name: 'Riley Park', discordId: '200000000000000009', missing: [], extra: [], notInGuild: true, rosterToAdd: [] })],
    guildMembers: 5,
    lastRun: null,
    ...over,
  };
}

function run(over: Partial<Run> = {}): Run {
  return { id: 7, startedAt: '2026-01-04T10:00:00Z', startedBy: 'Alex Mercer', total: 3, done: 0, failed: 0, finishedAt: null, results: [], ...over };
}

interface ServeOptions {
  me?: typeof HIGH_COMMAND;
  highCommand?: boolean;
  viewer?: Partial<ViewerInfo>;
  settings?: () => Response;
  saveSettings?: (body: unknown) => Response;
  overview?: (count: number) => Response;
  sync?: (body: unknown) => Response;
  runs?: (count: number) => Response;
}

function serve(options: ServeOptions = {}) {
  const writes: { method: string; path: string; body: unknown }[] = [];
  let overviews = 0;
  let runs = 0;
  serveAgency({
    me: options.me ?? HIGH_COMMAND,
    highCommand: options.highCommand ?? true,
    viewer: options.viewer,
    agencies: [rawlife()],
    handle: (request, url) => {
      const path = url.pathname;
      if (request.method !== 'GET') writes.push({ method: request.method, path, body: bodyOf(request) });
      if (path === '/api/discord/settings') {
        if (request.method === 'PUT') return options.saveSettings?.(bodyOf(request)) ?? json(settings());
        return options.settings?.() ?? json(settings());
      }
      if (path === '/api/discord/mappings') {
        if (request.method === 'PUT') {
          const directions = (bodyOf(request) as { directions: Record<string, string> }).directions;
          return json({ ...MAPPINGS, mappings: MAPPINGS.mappings.map((m) => ({ ...m, direction: directions[m.itemId] ?? m.direction })) });
        }
        return json(MAPPINGS);
      }
      if (path === '/api/discord/sync') {
        if (request.method === 'POST') return options.sync?.(bodyOf(request)) ?? json({ member: null, run: run() }, 202);
        overviews += 1;
        return options.overview?.(overviews) ?? json(overview());
      }
      if (path === '/api/discord/sync/runs/7') {
        runs += 1;
        return options.runs?.(runs) ?? json(run({ done: 3, finishedAt: '2026-01-04T10:00:05Z' }));
      }
      return undefined;
    },
  });
  return { writes, overviews: () => overviews, runs: () => runs };
}

async function opened() {
  await screen.findByRole('heading', { level: 1, name: 'Discord' }, { timeout: 3000 });
  await screen.findAllByTestId('discord-mapping', {}, { timeout: 3000 });
}

const settingsForm = () => screen.getByRole('form', { name: 'Discord settings' });

describe('DiscordPage', { timeout: 20_000 }, () => {
  beforeEach(resetAppStores);
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("shows High Command the settings form: the deployment's server, the bot's state (never a token) and role sync", async () => {
    serve({ settings: () => json(settings({ problem: 'The bot cannot read the server.' })) });
    renderApp('/command/discord');
    await opened();
    const form = await screen.findByRole('form', { name: 'Discord settings' });
    const server = within(form).getByRole<HTMLInputElement>('textbox', { name: 'Discord server id' });
    expect(server.value).toBe('');
    expect(server.placeholder).toBe('800000000000000000');
    expect(within(form).getByText("Using the deployment's bot. Left blank, it stays as it is.")).toBeTruthy();
    expect(within(form).getByLabelText<HTMLInputElement>('New bot token').value).toBe('');
    expect(within(form).getByRole<HTMLInputElement>('switch', { name: /Roles follow the roster/ }).checked).toBe(true);
    expect(within(form).queryByRole('button', { name: 'Remove the token' })).toBeNull();
    expect(screen.getByTestId('discord-problem').textContent).toContain('The bot cannot read the server.');
    expect(screen.getByTestId('discord-settings-updated').textContent).toContain('by Demo data');
    expect(within(form).getByRole<HTMLButtonElement>('button', { name: 'Save settings' }).disabled).toBe(true);
  });

  it("saves only what changed, says 'Discord settings saved.' and forgets the token typed", async () => {
    const show = vi.spyOn(notifications, 'show');
    const { writes } = serve({
      saveSettings: () => json(settings({ guildId: '222222222222222222', botTokenSet: true, syncEnabled: false, updatedBy: 'Alex Mercer' })),
    });
    const user = userEvent.setup();
    renderApp('/command/discord');
    await opened();
    const form = settingsForm();
    await user.type(within(form).getByRole('textbox', { name: 'Discord server id' }), '222222222222222222');
    await user.type(within(form).getByLabelText('New bot token'), 'bot.secret-token');
    await user.click(within(form).getByRole('switch', { name: /Roles follow the roster/ }));
    await user.click(within(form).getByRole('button', { name: 'Save settings' }));
    await waitFor(() => {
      expect(writes).toHaveLength(1);
    });
    expect(writes[0]).toEqual({
      method: 'PUT',
      path: '/api/discord/settings',
      body: { guildId: '222222222222222222', botToken: 'bot.secret-token', syncEnabled: false },
    });
    await waitFor(() => {
      expect(show).toHaveBeenCalledWith(expect.objectContaining({ color: 'green', message: 'Discord settings saved.' }));
    });
    await waitFor(() => {
      expect(within(settingsForm()).getByLabelText<HTMLInputElement>('New bot token').value).toBe('');
    });
    expect(within(settingsForm()).getByText('A bot token is set. Left blank, it stays as it is.')).toBeTruthy();
    expect(within(settingsForm()).getByRole('button', { name: 'Remove the token' })).toBeTruthy();
    expect(document.body.textContent).not.toContain('bot.secret-token');
  });

  it("checks the server id in its field before sending, and shows the server's refusal", async () => {
    const { writes } = serve({ saveSettings: () => json({ error: 'You must be part of High Command to change the agency\'s Discord server or bot.' }, 403) });
    const user = userEvent.setup();
    renderApp('/command/discord');
    await opened();
    const form = settingsForm();
    const server = within(form).getByRole('textbox', { name: 'Discord server id' });
    await user.type(server, '1234');
    await user.click(within(form).getByRole('button', { name: 'Save settings' }));
    expect(await within(form).findByText(/A Discord server id is 17 to 20 digits/)).toBeTruthy();
    expect(writes).toHaveLength(0);

    await user.clear(server);
    await user.click(within(form).getByRole('switch', { name: /Roles follow the roster/ }));
    await user.click(within(form).getByRole('button', { name: 'Save settings' }));
    const problem = await screen.findByTestId('discord-settings-problem');
    expect(problem.textContent).toBe("You must be part of High Command to change the agency's Discord server or bot.");
    expect(writes[0]?.body).toEqual({ syncEnabled: false });
  });

  it('removes the agency\'s own token after asking', async () => {
    const { writes } = serve({ settings: () => json(settings({ botTokenSet: true })) });
    const user = userEvent.setup();
    renderApp('/command/discord');
    await opened();
    await user.click(within(settingsForm()).getByRole('button', { name: 'Remove the token' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove the bot token' });
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() => {
      expect(writes).toEqual([{ method: 'PUT', path: '/api/discord/settings', body: { botToken: '' } }]);
    });
  });

  it('asks before unsaved settings are dropped by leaving the page, and Undo changes drops them', async () => {
    serve();
    const user = userEvent.setup();
    const { router } = renderApp('/command/discord');
    await opened();
    await user.type(within(settingsForm()).getByRole('textbox', { name: 'Discord server id' }), '2');
    void router.navigate('/');
    const confirm = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    await user.click(within(confirm).getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe('/command/discord');

    await user.click(within(settingsForm()).getByRole('button', { name: 'Undo changes' }));
    expect(within(settingsForm()).getByRole<HTMLInputElement>('textbox', { name: 'Discord server id' }).value).toBe('');
    expect(within(settingsForm()).getByRole<HTMLButtonElement>('button', { name: 'Save settings' }).disabled).toBe(true);
    expect(within(settingsForm()).queryByRole('button', { name: 'Undo changes' })).toBeNull();
  });

  it('shows Command staff who are not High Command the settings read-only, with the sentence, and lets them sync', async () => {
    serve({ me: COMMAND, highCommand: false, settings: () => json(settings({ canEdit: false, guildId: '222222222222222222' })) });
    renderApp('/command/discord');
    await opened();
    expect(screen.queryByRole('form', { name: 'Discord settings' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save settings' })).toBeNull();
    expect(screen.getByTestId('discord-settings-read-only').textContent).toBe(
      'Only High Command can change the Discord server, the bot and role sync.',
    );
    expect(screen.getByText('Server 222222222222222222')).toBeTruthy();
    expect(screen.getByText("Using the deployment's bot.")).toBeTruthy();
    expect(screen.getByText('Roles follow the roster.')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Sync now' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sync Casey Nguyen' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Direction of FTO' })).toBeTruthy();
  });

  it('says when the portal cannot store a token', async () => {
    serve({ settings: () => json(settings({ secretsAvailable: false })) });
    renderApp('/command/discord');
    await opened();
    expect(screen.getByTestId('discord-no-secrets').textContent).toContain('cannot store a bot token');
    expect(within(settingsForm()).getByLabelText<HTMLInputElement>('New bot token').disabled).toBe(true);
  });

  it('lists the role links by name, and saves the direction of a department role at once', async () => {
    const show = vi.spyOn(notifications, 'show');
    const { writes } = serve();
    const user = userEvent.setup();
    renderApp('/command/discord');
    await opened();
    const table = screen.getByRole('table', { name: 'Role links' });
    const rows = within(table).getAllByTestId('discord-mapping');
    expect(rows.map((row) => Array.from(row.querySelectorAll('td')).map((td) => td.textContent))).toEqual([
      ['Headquarters', 'Department', 'BCSO Headquarters', 'The roster decides'],
      ['Deputy · Headquarters', 'Rank', 'BCSO Deputy', 'The roster decides'],
      ['FTO · Headquarters', 'Department role', '820000000000000099', expect.any(String) as string],
    ]);
    // Only the department role has a choice.
    expect(within(table).getAllByRole('combobox')).toHaveLength(1);
    await user.click(within(table).getByRole('combobox', { name: 'Direction of FTO' }));
    await user.click(await screen.findByRole('option', { name: 'Discord decides' }));
    await waitFor(() => {
      expect(writes).toEqual([{ method: 'PUT', path: '/api/discord/mappings', body: { directions: { fto: 'from_discord' } } }]);
    });
    await waitFor(() => {
      expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: 'FTO: Discord decides. Direction saved.' }));
    });
  });

  it('shows the differences by role name, members not in the server, and syncs one member', async () => {
    const show = vi.spyOn(notifications, 'show');
    const { writes, overviews } = serve({
      overview: (count) => json(count === 1 ? overview() : overview({ members: [] })),
      sync: () => json({ member: { name: 'Casey Nguyen', added: ['820000000000000001', '820000000000000011'], removed: ['820000000000000012'], rosterRoles: { before: [], after: ['fto'] }, changed: true } }),
    });
    const user = userEvent.setup();
    renderApp('/command/discord');
    await opened();
    const table = await screen.findByRole('table', { name: 'Differences' });
    expect(screen.getByTestId('discord-differences-count').textContent).toBe(
      '2 members differ from the roster (5 members in the Discord server).',
    );
    const [casey, riley] = within(table).getAllByTestId('discord-difference');
    expect(Array.from(casey!.querySelectorAll('td')).map((td) => td.textContent)).toEqual([
      'Casey Nguyen',
      'BCSO HeadquartersBCSO Deputy',
      'BCSO Supervisor',
      '+ FTO',
      'Sync',
    ]);
    expect(riley!.textContent).toContain('Not in the server');
    expect(within(riley!).queryByRole('button', { name: /Sync/ })).toBeNull();

    await user.click(within(casey!).getByRole('button', { name: 'Sync Casey Nguyen' }));
    await waitFor(() => {
      expect(writes).toEqual([{ method: 'POST', path: '/api/discord/sync', body: { rosterId: 4 } }]);
    });
    await waitFor(() => {
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({
          message: 'Casey Nguyen: given BCSO Headquarters, BCSO Deputy; taken BCSO Supervisor; roster roles now FTO.',
        }),
      );
    });
    expect((await screen.findByTestId('discord-differences-empty')).textContent).toBe("Every member's roles match the roster.");
    expect(overviews()).toBe(2);
  });

  it('Sync now follows the run with a progress bar until it finishes, then shows how it went', async () => {
    const show = vi.spyOn(notifications, 'show');
    const finished = run({
      done: 2,
      failed: 1,
      finishedAt: '2026-01-04T10:00:05Z',
      results: [
        { discordId: '200000000000000004', status: 'done', name: 'Casey Nguyen', result: { name: 'Casey Nguyen', added: ['820000000000000011'], removed: [], rosterRoles: null, changed: true, notInGuild: false }, error: null },
        { discordId: '200000000000000003', name: 'Sam Whitaker', status: 'failed', result: null, error: 'Discord: Missing Permissions' },
      ],
    });
    const { writes, runs } = serve({
      overview: (count) => json(count === 1 ? overview() : overview({ members: [], lastRun: finished })),
      runs: (count) => json(count === 1 ? run({ done: 1 }) : finished),
    });
    const user = userEvent.setup();
    renderApp('/command/discord');
    await opened();
    await user.click(await screen.findByRole('button', { name: 'Sync now' }));
    const progress = await screen.findByTestId('discord-sync-progress');
    expect(progress.textContent).toMatch(/Syncing: [01] of 3 members…/);
    expect(within(progress).getByRole('progressbar', { name: 'Sync progress' })).toBeTruthy();
    expect(writes).toEqual([{ method: 'POST', path: '/api/discord/sync', body: {} }]);

    const last = await screen.findByTestId('discord-last-run', {}, { timeout: 5000 });
    expect(runs()).toBeGreaterThanOrEqual(2);
    expect(screen.queryByTestId('discord-sync-progress')).toBeNull();
    expect(last.textContent).toContain('by Alex Mercer: 2 done, 1 failed of 3 members.');
    expect(within(last).getByText('200000000000000003: Discord: Missing Permissions')).toBeTruthy();
    await user.click(within(last).getByRole('button', { name: 'Show what changed (1)' }));
    expect(within(last).getByText('Casey Nguyen: given BCSO Deputy.')).toBeTruthy();
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: 'Sync finished: 2 done, 1 failed.' }));
    expect(await screen.findByTestId('discord-differences-empty')).toBeTruthy();
  });

  it("shows the server's refusal of Sync now", async () => {
    serve({ sync: () => json({ error: SYNC_OFF }, 409) });
    const user = userEvent.setup();
    renderApp('/command/discord');
    await opened();
    await user.click(await screen.findByRole('button', { name: 'Sync now' }));
    expect((await screen.findByTestId('discord-sync-problem')).textContent).toBe(SYNC_OFF);
  });

  it('turns the sync buttons off while role sync is off, and says why the guild cannot be read', async () => {
    serve({ overview: () => json(overview({ syncEnabled: false, problem: 'Discord: 401 Unauthorized', members: [] })) });
    renderApp('/command/discord');
    await opened();
    expect((await screen.findByTestId('discord-sync-off')).textContent).toContain('Role sync is off');
    expect(screen.getByTestId('discord-sync-unreadable').textContent).toContain('Discord: 401 Unauthorized');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Sync now' }).disabled).toBe(true);
    expect(screen.queryByTestId('discord-differences-empty')).toBeNull();
  });

  it("shows 'Discord settings unavailable' with the server's text", async () => {
    serve({ settings: () => json({ error: 'You do not have permission to view this page.' }, 403) });
    renderApp('/command/discord');
    const alert = await screen.findByText('Discord settings unavailable', {}, { timeout: 3000 });
    expect(alert.closest('[role="alert"]')?.textContent).toContain('You do not have permission to view this page.');
  });

  it('is read-only on leave of absence', async () => {
    serve({ viewer: { canManage: false } });
    renderApp('/command/discord');
    await opened();
    expect(screen.getByTestId('loa-notice')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Discord settings' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sync now' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Sync / })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Direction of FTO' })).toBeNull();
  });
});
