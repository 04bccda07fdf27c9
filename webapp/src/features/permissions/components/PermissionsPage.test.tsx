import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NavPermissions } from '@/api/types';
import { renderApp, resetAppStores } from '@/test-utils/app';
import {
  BCSO,
  bodyOf,
  json,
  mockAgencyServer,
  navPermissions,
  RAWLIFE,
  rosterEntry,
  signedIn,
  viewerOf,
  type RecordedRequest,
} from '@/test-utils/fixtures';
import { screen, waitFor, within } from '@/test-utils/render';
import { emulatePhone } from '@/test-utils/viewport';

const HC = signedIn(rosterEntry({ name: 'Alex Mercer', level: 'high_command', rank: 'Sheriff' }));
const UPDATED_AT = '2026-03-01T10:00:00Z';

function permissions(overrides: Partial<NavPermissions> = {}): NavPermissions {
  const base = navPermissions({
    items: {
      roster: { public: false, levels: ['deputy'], roles: [] },
      sops: { public: false, levels: ['deputy'], roles: [] },
    },
    viewer: viewerOf(HC, true),
    updatedAt: UPDATED_AT,
    updatedBy: 'Alex Mercer',
  });
  return {
    ...base,
    metadata: {
      ...base.metadata,
      roles: [{ id: 'fto', name: 'FTO', departmentName: 'Patrol Division' }],
      locked: ['sops'],
    },
    ...overrides,
  };
}

function serve(answer: NavPermissions = permissions(), target?: NavPermissions) {
  const writes: { request: RecordedRequest; body: unknown }[] = [];
  const server = mockAgencyServer({
    me: HC,
    permissions: answer,
    handle: (request) => {
      const url = new URL(request.url, 'http://localhost');
      if (url.pathname !== '/api/nav-permissions') return undefined;
      if (request.method === 'PUT') {
        writes.push({ request, body: bodyOf(request) });
        return json({ ...(url.searchParams.has('target') ? target : answer), updatedAt: '2026-03-02T10:00:00Z' });
      }
      if (url.searchParams.get('target') === 'bcso' && target) return json(target);
      return undefined;
    },
  });
  vi.stubGlobal('fetch', vi.fn(server.fetch));
  return { server, writes };
}

async function card(name: string): Promise<HTMLElement> {
  return screen.findByRole('region', { name }, { timeout: 3000 });
}

/** The header button of the group of cards `label` (a menu section): '{label} {N} items', maybe 'Unsaved changes'. */
function groupHeader(label: string): HTMLButtonElement {
  return screen.getByRole<HTMLButtonElement>('button', { name: new RegExp(`^${label} \\d+ items?( Unsaved changes)?$`) });
}

/** The screen as a phone opens it (its groups collapsed), once the groups are there. */
async function openOnPhone() {
  emulatePhone();
  serve();
  const user = userEvent.setup();
  renderApp('/command/permissions');
  await screen.findByRole('heading', { level: 2, name: /^Command/ }, { timeout: 3000 });
  return user;
}

// The grid renders every navigation item: give jsdom time.
describe('PermissionsPage', { timeout: 30_000 }, () => {
  beforeEach(resetAppStores);
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('edits levels of an item and saves only what changed', async () => {
    const { writes } = serve();
    const user = userEvent.setup();
    renderApp('/command/permissions');
    const roster = await card('Roster');
    const save = screen.getByRole('button', { name: 'Saved' });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('permissions-updated').textContent).toMatch(/^Updated .+ by Alex Mercer$/);

    await user.click(within(roster).getByRole('checkbox', { name: 'Command' }));
    await user.click(within(roster).getByRole('checkbox', { name: 'Deputy' }));
    expect(within(roster).getByRole<HTMLInputElement>('checkbox', { name: 'Command' }).checked).toBe(true);
    expect(within(roster).getByRole<HTMLInputElement>('checkbox', { name: 'Deputy' }).checked).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Permissions saved.')).toBeTruthy();
    expect(writes).toHaveLength(1);
    expect(writes[0]?.request.url).toBe('/api/nav-permissions?agency=rawlife');
    expect(writes[0]?.body).toEqual({
      items: { roster: { public: false, levels: ['command'], roles: [] } },
      locked: ['sops'],
      baseUpdatedAt: UPDATED_AT,
    });
  });

  it("lets 'No level' replace the other levels, and the reverse", async () => {
    serve();
    const user = userEvent.setup();
    renderApp('/command/permissions');
    const roster = await card('Roster');
    const chip = (name: string) => within(roster).getByRole<HTMLInputElement>('checkbox', { name });
    await user.click(chip('Command'));
    await user.click(chip('No level'));
    expect([chip('Deputy').checked, chip('Command').checked, chip('No level').checked]).toEqual([false, false, true]);
    await user.click(chip('Supervisor'));
    expect([chip('Supervisor').checked, chip('No level').checked]).toEqual([true, false]);
  });

  it('counts a toggle back to the saved state as no change', async () => {
    serve();
    const user = userEvent.setup();
    renderApp('/command/permissions');
    const home = await card('Home');
    await user.click(within(home).getByText('Restricted'));
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeTruthy();
    await user.click(within(home).getByText('Public'));
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Saved' }).disabled).toBe(true);
  });

  it('labels role checkboxes with their department and keeps locked items read-only', async () => {
    serve();
    renderApp('/command/permissions');
    const roster = await card('Roster');
    expect(within(roster).getByRole('checkbox', { name: 'Patrol Division · FTO' })).toBeTruthy();
    const sops = await card('SOPs');
    expect(within(sops).getByText('Locked')).toBeTruthy();
    expect(within(sops).getByRole<HTMLInputElement>('checkbox', { name: 'Deputy' }).disabled).toBe(true);
    expect(within(sops).getByRole<HTMLInputElement>('radio', { name: 'Public' }).disabled).toBe(true);
  });

  it('filters cards with the search box', async () => {
    serve();
    const user = userEvent.setup();
    renderApp('/command/permissions');
    await card('Roster');
    expect(screen.getByTestId('permissions-count').textContent).toBe('39 items');
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'supervisor');
    await waitFor(() => {
      expect(screen.getByTestId('permissions-count').textContent).toBe('6 items');
    });
    expect(screen.queryByRole('region', { name: 'Roster' })).toBeNull();
  });

  it('switches to Locked/Unlocked for another agency and saves its locked list', async () => {
    const target = permissions({ items: {}, updatedAt: null, updatedBy: null });
    target.metadata = { ...target.metadata, locked: [] };
    const { writes } = serve(permissions(), target);
    const user = userEvent.setup();
    renderApp('/command/permissions');
    await card('Roster');
    await user.click(screen.getByRole('combobox', { name: 'Managing agency' }));
    await user.click(await screen.findByRole('option', { name: 'BCSO' }));
    const roster = await card('Roster');
    await waitFor(() => {
      expect(within(roster).getByRole('radio', { name: 'Unlocked' })).toBeTruthy();
    });
    expect(within(roster).queryByRole('checkbox', { name: 'Deputy' })).toBeNull();
    await user.click(within(roster).getByText('Locked'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Permissions saved.')).toBeTruthy();
    expect(writes[0]?.request.url).toBe('/api/nav-permissions?target=bcso&agency=rawlife');
    expect(writes[0]?.body).toEqual({ locked: ['roster'], baseUpdatedAt: null });
  });

  it('reports a failed save', async () => {
    const server = mockAgencyServer({
      me: HC,
      permissions: permissions(),
      handle: (request) =>
        request.method === 'PUT'
          ? json({ error: 'Permissions were changed by someone else since you loaded them.' }, 409)
          : undefined,
    });
    vi.stubGlobal('fetch', vi.fn(server.fetch));
    const user = userEvent.setup();
    renderApp('/command/permissions');
    const home = await card('Home');
    await user.click(within(home).getByText('Restricted'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Failed to save permissions')).toBeTruthy();
    expect(screen.getByText('Permissions were changed by someone else since you loaded them.')).toBeTruthy();
  });

  // Issue 21, defect 7: about 11,000 px on a phone with every card open.
  it('groups the cards by menu section, all open on a desktop', async () => {
    serve();
    renderApp('/command/permissions');
    await card('Roster');
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings).toEqual(
      expect.arrayContaining(['Main menu 4 items', 'Structure 4 items', 'Command 18 items']),
    );
    expect(groupHeader('Command').getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('button', { name: 'Collapse all' })).toBeTruthy();
  });

  it('starts collapsed on a phone; a header opens its group from the keyboard', async () => {
    const user = await openOnPhone();
    const structure = groupHeader('Structure');
    for (const name of ['Main menu', 'Structure', 'Reports', 'FTO', 'Supervisor', 'Command']) {
      expect(groupHeader(name).getAttribute('aria-expanded')).toBe('false');
    }
    expect(screen.queryByRole('region', { name: 'Vehicles' })).toBeNull();
    // The Refresh/Save bar is there all the same.
    expect(screen.getByRole('button', { name: 'Saved' })).toBeTruthy();

    structure.focus();
    await user.keyboard('{Enter}');
    expect(structure.getAttribute('aria-expanded')).toBe('true');
    expect(await card('Vehicles')).toBeTruthy();
    await user.keyboard(' ');
    expect(structure.getAttribute('aria-expanded')).toBe('false');

    // A search opens the groups, so that what it finds shows.
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'logs');
    expect(await card('Logs')).toBeTruthy();
    expect(groupHeader('Command').getAttribute('aria-expanded')).toBe('true');
    await user.clear(screen.getByRole('textbox', { name: 'Search' }));
    await waitFor(() => {
      expect(screen.getByTestId('permissions-count').textContent).toBe('39 items');
    });
    await user.click(screen.getByRole('button', { name: 'Collapse all' }));
    expect(groupHeader('Command').getAttribute('aria-expanded')).toBe('false');
    await user.click(screen.getByRole('button', { name: 'Expand all' }));
    expect(groupHeader('Structure').getAttribute('aria-expanded')).toBe('true');
  });

  it('marks a group holding unsaved changes, open or collapsed, and keeps them', async () => {
    const { writes } = serve();
    const user = userEvent.setup();
    renderApp('/command/permissions');
    const home = await card('Home');
    expect(groupHeader('Main menu').textContent).not.toContain('Unsaved changes');
    await user.click(within(home).getByText('Restricted'));
    expect(groupHeader('Main menu').textContent).toContain('Unsaved changes');
    expect(groupHeader('Structure').textContent).not.toContain('Unsaved changes');

    await user.click(groupHeader('Main menu'));
    expect(groupHeader('Main menu').getAttribute('aria-expanded')).toBe('false');
    await waitFor(() => {
      expect(screen.queryByRole('region', { name: 'Home' })).toBeNull();
    });
    // Collapsed: the header still says so, and Save still has the change.
    expect(screen.getByRole('button', { name: 'Main menu 4 items Unsaved changes' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Permissions saved.')).toBeTruthy();
    expect(writes[0]?.body).toMatchObject({ items: { home: { public: false, levels: [], roles: [] } } });
    expect(groupHeader('Main menu').textContent).not.toContain('Unsaved changes');
  });

  it('jumps to a section: opens it, scrolls to it and puts the focus on its header', async () => {
    const user = await openOnPhone();
    const scroll = vi.spyOn(HTMLElement.prototype, 'scrollIntoView');
    scroll.mockClear();

    await user.click(screen.getByRole('combobox', { name: 'Jump to section' }));
    await user.click(await screen.findByRole('option', { name: 'Command' }));
    const command = groupHeader('Command');
    expect(command.getAttribute('aria-expanded')).toBe('true');
    expect(await card('Permissions')).toBeTruthy();
    expect(scroll.mock.contexts).toContain(screen.getByTestId('permission-group-command_section'));
    await waitFor(() => {
      expect(document.activeElement).toBe(command);
    });
    // The others stay collapsed.
    expect(groupHeader('Structure').getAttribute('aria-expanded')).toBe('false');
  });

  it('tells other viewers they need High Command', async () => {
    const command = signedIn(rosterEntry({ level: 'command' }));
    const server = mockAgencyServer({ me: command, permissions: navPermissions({ viewer: viewerOf(command) }) });
    vi.stubGlobal('fetch', vi.fn(server.fetch));
    renderApp('/command/permissions');
    expect(
      await screen.findByText('You must be part of High Command to manage permissions.', {}, { timeout: 3000 }),
    ).toBeTruthy();
  });

  it("offers 'Managing agency' only on the root agency", async () => {
    // BCSO with agency management on: still no other agency to manage from here.
    const bcso = { ...BCSO, flags: { ...BCSO.flags, enableAgencyManagement: true } };
    const server = mockAgencyServer({ me: HC, agencies: [RAWLIFE, bcso], permissions: permissions() });
    vi.stubGlobal('fetch', vi.fn(server.fetch));
    renderApp('/command/permissions', { hostname: 'bcso.localhost' });
    await card('Roster');
    expect(screen.getByTestId('portal-title').textContent).toBe("Blaine County Sheriff's Office Portal");
    expect(screen.queryByRole('combobox', { name: 'Managing agency' })).toBeNull();
    expect(server.requests.some((request) => request.url.includes('includeHidden'))).toBe(false);
  });

  it("offers no 'Managing agency' when the root agency has agency management off", async () => {
    const rawlife = { ...RAWLIFE, flags: { ...RAWLIFE.flags, enableAgencyManagement: false } };
    const server = mockAgencyServer({ me: HC, agencies: [rawlife, BCSO], permissions: permissions() });
    vi.stubGlobal('fetch', vi.fn(server.fetch));
    renderApp('/command/permissions');
    await card('Roster');
    expect(screen.queryByRole('combobox', { name: 'Managing agency' })).toBeNull();
  });

  it('shows the LOA notice instead of Save on leave of absence', async () => {
    serve(permissions({ viewer: viewerOf(HC, true, { canManage: false, assignableLevels: [] }) }));
    renderApp('/command/permissions');
    const roster = await card('Roster');
    expect(
      screen.getByText('Members on leave of absence (LOA) can view the portal but cannot change anything.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Saved' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
    expect(within(roster).getByRole<HTMLInputElement>('checkbox', { name: 'Deputy' }).disabled).toBe(true);
  });
});
