import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, resetAppStores } from '@/test-utils/app';
import {
  mockAgencyServer,
  navPermissions,
  rosterEntry,
  signedIn,
  viewerOf,
  type MockServerOptions,
} from '@/test-utils/fixtures';
import { screen, waitFor, within } from '@/test-utils/render';

function serve(options: MockServerOptions = {}) {
  const server = mockAgencyServer(options);
  vi.stubGlobal('fetch', vi.fn(server.fetch));
  return server;
}

const ROSTER_FOR_COMMAND = { roster: { public: false, levels: ['command'], roles: [] } };

describe('session in the shell', () => {
  beforeEach(resetAppStores);

  it("offers 'Login (Discord)' that comes back to the current page", async () => {
    serve();
    renderApp('/about');
    // One in the top bar, one in the burger drawer (small screens).
    const links = await screen.findAllByRole('link', { name: 'Login (Discord)' }, { timeout: 3000 });
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/auth/discord?returnTo=%2Fabout',
      '/auth/discord?returnTo=%2Fabout',
    ]);
    expect(screen.queryByText('Demo mode')).toBeNull();
  });

  it('shows the user menu labelled with the roster name, with Profile and Logout', async () => {
    serve({ me: signedIn() });
    const user = userEvent.setup();
    renderApp('/');
    const menuButton = await screen.findByRole('button', { name: /Casey Nguyen/ }, { timeout: 3000 });
    expect(screen.queryByRole('link', { name: 'Login (Discord)' })).toBeNull();
    await user.click(menuButton);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Profile' }).getAttribute('href')).toBe('/profile');
    // Logout signs out with a POST: a submit button of a form posting to /auth/logout.
    const logout = within(menu).getByRole('menuitem', { name: 'Logout' });
    expect(logout.tagName).toBe('BUTTON');
    expect(logout.getAttribute('type')).toBe('submit');
    expect(logout.getAttribute('href')).toBeNull();
    const form = logout.closest('form');
    expect(form?.getAttribute('method')).toBe('post');
    expect(form?.getAttribute('action')).toBe('/auth/logout');
    // Keyboard reachable: the menu moves focus onto its items.
    logout.focus();
    expect(document.activeElement).toBe(logout);
  });

  it('offers the same Logout form in the burger drawer', async () => {
    serve({ me: signedIn() });
    renderApp('/');
    await screen.findByRole('button', { name: /Casey Nguyen/ }, { timeout: 3000 });
    // The user menu is closed: the one Logout is the drawer's.
    const buttons = screen.getAllByRole('button', { name: 'Logout' });
    expect(buttons).toHaveLength(1);
    expect(buttons[0]?.closest('.mantine-AppShell-navbar')).not.toBeNull();
    expect(buttons[0]?.getAttribute('type')).toBe('submit');
    const forms = buttons.map((button) => button.closest('form'));
    expect(forms[0]?.getAttribute('method')).toBe('post');
    expect(forms[0]?.getAttribute('action')).toBe('/auth/logout');
  });

  it('falls back to the callsign, then the Discord tag', async () => {
    serve({ me: signedIn(null, { user: { id: '1234567', username: 'jordan', discriminator: '0042', avatar: null } }) });
    renderApp('/');
    expect(await screen.findByRole('button', { name: /jordan#0042/ }, { timeout: 3000 })).toBeTruthy();
  });

  it('marks demo mode in the top bar', async () => {
    serve({ me: { ...signedIn(), demoMode: true } });
    renderApp('/');
    // In the top bar, and (for phones) in the navigation drawer.
    expect((await screen.findAllByText('Demo mode', {}, { timeout: 3000 })).length).toBe(2);
  });
});

describe('navigation gating', () => {
  beforeEach(resetAppStores);

  it('hides items and groups the viewer may not see', async () => {
    const me = signedIn();
    serve({
      me,
      permissions: navPermissions({
        items: {
          ...ROSTER_FOR_COMMAND,
          supervisor_uof_review: { public: false, levels: ['supervisor'], roles: [] },
          supervisor_arrest_review: { public: false, levels: ['supervisor'], roles: [] },
          supervisor_leave: { public: false, levels: ['supervisor'], roles: [] },
          supervisor_duty: { public: false, levels: ['supervisor'], roles: [] },
          supervisor_applications: { public: false, levels: ['supervisor'], roles: [] },
        },
        viewer: viewerOf(me),
      }),
    });
    renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' }, { timeout: 3000 });
    await waitFor(() => {
      expect(within(nav).queryByText('Roster')).toBeNull();
    });
    expect(within(nav).queryByText('Supervisor')).toBeNull();
    expect(within(nav).getByText('SOPs')).toBeTruthy();
  });

  it("shows 'Access denied' on a page the viewer may not see", async () => {
    const me = signedIn();
    serve({ me, permissions: navPermissions({ items: ROSTER_FOR_COMMAND, viewer: viewerOf(me) }) });
    renderApp('/roster');
    expect(await screen.findByRole('heading', { name: 'Access denied' }, { timeout: 3000 })).toBeTruthy();
    expect(screen.getByText('You do not have permission to view this page.')).toBeTruthy();
  });

  it("shows 'Checking access…' while permissions load, and every menu item", async () => {
    serve({ permissions: 'pending', me: signedIn() });
    renderApp('/roster');
    expect(await screen.findByText('Checking access…', {}, { timeout: 3000 })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByText('Roster')).toBeTruthy();
    expect(within(nav).getByText('Command')).toBeTruthy();
  });

  it("shows 'Navigation unavailable' and 'Failed to load navigation permissions' when they fail, and the menu stays closed", async () => {
    serve({ permissions: { status: 500, error: 'database down' } });
    renderApp('/roster');
    expect(await screen.findByText('Navigation unavailable', {}, { timeout: 3000 })).toBeTruthy();
    expect(screen.getByText('Failed to load navigation permissions')).toBeTruthy();
    expect(screen.queryByText('database down')).toBeNull();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    // Only what needs no permission is offered.
    const menu = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(menu).queryByText('Roster')).toBeNull();
    expect(within(menu).queryByText('Command')).toBeNull();
    expect(within(menu).getByText('Home')).toBeTruthy();
  });

  it("says 'Failed to load navigation permissions' whatever the failure", async () => {
    serve({ permissions: { status: 502 } });
    renderApp('/');
    expect(await screen.findByText('Navigation unavailable', {}, { timeout: 3000 })).toBeTruthy();
    expect(screen.getByText('Failed to load navigation permissions')).toBeTruthy();
    expect(screen.queryByText('HTTP 502')).toBeNull();
  });

  it("offers 'Login (Discord)' to a signed-out visitor on a page they may not see", async () => {
    serve({ permissions: navPermissions({ items: ROSTER_FOR_COMMAND }) });
    renderApp('/roster');
    expect(await screen.findByRole('heading', { name: 'Access denied' }, { timeout: 3000 })).toBeTruthy();
    const login = screen.getByTestId('access-denied-login');
    expect(login.textContent).toBe('Login (Discord)');
    expect(login.getAttribute('href')).toBe('/auth/discord?returnTo=%2Froster');
  });

  it('lets High Command reach Permissions and Branding whatever the settings say', async () => {
    const me = signedIn(rosterEntry({ name: 'Alex Mercer', level: 'high_command', rank: 'Sheriff' }));
    const nobody = { public: false, levels: [], roles: [] };
    serve({
      me,
      permissions: navPermissions({
        items: {
          command_section: nobody,
          command_navigation_permissions: nobody,
          command_branding: nobody,
          command_logs: nobody,
        },
        viewer: viewerOf(me, true),
      }),
    });
    const user = userEvent.setup();
    renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' }, { timeout: 3000 });
    await screen.findByRole('button', { name: /Alex Mercer/ });
    await user.click(within(nav).getByRole('button', { name: 'Command' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Permissions' })).toBeTruthy();
    expect(within(menu).getByRole('menuitem', { name: 'Branding' })).toBeTruthy();
    expect(within(menu).getByRole('menuitem', { name: 'Agencies' })).toBeTruthy();
    expect(within(menu).queryByRole('menuitem', { name: 'Logs' })).toBeNull();
  });

  it('leaves /profile ungated', async () => {
    serve({ permissions: { status: 500, error: 'down' } });
    renderApp('/profile');
    expect(await screen.findByRole('heading', { name: 'Not logged in' }, { timeout: 3000 })).toBeTruthy();
  });
});
