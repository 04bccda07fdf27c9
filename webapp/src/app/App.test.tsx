import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetActiveAgencyStore } from '@/agency/store';
import { renderApp } from '@/test-utils/app';
import { mockAgencyServer, RAWLIFE } from '@/test-utils/fixtures';
import { screen, waitFor, within } from '@/test-utils/render';

function clearAgencyStores() {
  window.localStorage.clear();
  document.cookie = 'agencySlug=; max-age=0; path=/';
  resetActiveAgencyStore();
}

async function portalTitle(): Promise<HTMLElement> {
  return screen.findByTestId('portal-title', {}, { timeout: 3000 });
}

describe('application shell', () => {
  beforeEach(() => {
    clearAgencyStores();
  });

  it('defaults to rawlife and shows the shell', async () => {
    const server = mockAgencyServer();
    vi.stubGlobal('fetch', vi.fn(server.fetch));
    renderApp('/');
    expect((await portalTitle()).textContent).toBe('RawLife Community Portal');
    // Home is the index route.
    expect(await screen.findByRole('heading', { level: 1, name: 'RawLife Community' })).toBeTruthy();
    // Footer: About, community link, copyright.
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'About' }).getAttribute('href')).toBe('/about');
    expect(within(footer).getByRole('link', { name: 'Discord' }).getAttribute('href')).toBe('https://discord.gg/rawlife');
    expect(within(footer).getByText(`© ${new Date().getFullYear()} RawLife Community`)).toBeTruthy();
    // About is not in the top bar.
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).queryByText('About')).toBeNull();
    expect(within(nav).getByText('Command')).toBeTruthy();
    // Config calls carry the agency; the list call does not.
    const config = server.requests.find((r) => r.url.includes('/config'));
    expect(config?.url).toBe('/api/agencies/rawlife/config?agency=rawlife');
    expect(config?.headers.get('X-Agency-Slug')).toBe('rawlife');
    expect(config?.credentials).toBe('same-origin');
    const list = server.requests.find((r) => r.url.startsWith('/api/agencies?') || r.url === '/api/agencies');
    expect(list?.headers.has('X-Agency-Slug')).toBe(false);
  });

  it('defaults to the agency whose domain is the host name', async () => {
    vi.stubGlobal('fetch', vi.fn(mockAgencyServer().fetch));
    renderApp('/', { hostname: 'lspd.localhost' });
    expect((await portalTitle()).textContent).toBe('Los Santos Police Department Portal');
    expect(window.localStorage.getItem('activeAgencySlug')).toBeNull();
  });

  it("serves the domain's agency on its own domain, whatever was stored", async () => {
    window.localStorage.setItem('activeAgencySlug', 'bcso');
    resetActiveAgencyStore();
    vi.stubGlobal('fetch', vi.fn(mockAgencyServer().fetch));
    renderApp('/', { hostname: 'lspd.localhost' });
    await waitFor(() => {
      expect(screen.getByTestId('portal-title').textContent).toBe('Los Santos Police Department Portal');
    });
  });

  it('prefers the stored agency on the public address', async () => {
    window.localStorage.setItem('activeAgencySlug', 'bcso');
    resetActiveAgencyStore();
    vi.stubGlobal('fetch', vi.fn(mockAgencyServer().fetch));
    renderApp('/', { hostname: '127.0.0.1' });
    expect((await portalTitle()).textContent).toBe("Blaine County Sheriff's Office Portal");
  });

  it('falls back to the first visible agency for an unknown or hidden stored slug', async () => {
    window.localStorage.setItem('activeAgencySlug', 'hidden');
    resetActiveAgencyStore();
    vi.stubGlobal('fetch', vi.fn(mockAgencyServer().fetch));
    renderApp('/');
    await waitFor(() => {
      expect(screen.getByTestId('portal-title').textContent).toBe('RawLife Community Portal');
    });
    expect(window.localStorage.getItem('activeAgencySlug')).toBe('rawlife');
  });

  it('switches in place to an agency without a domain and persists the choice', async () => {
    // (Agencies with their own domain open there through /auth/switch: lib/active-agency
    // switchHref, and the browser test agency-domain.spec.ts.)
    window.localStorage.setItem('activeAgencySlug', 'bcso');
    resetActiveAgencyStore();
    vi.stubGlobal('fetch', vi.fn(mockAgencyServer().fetch));
    const user = userEvent.setup();
    renderApp('/', { hostname: '127.0.0.1' });
    await portalTitle();
    await user.click(screen.getByRole('button', { name: 'Switch agency' }));
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    // LSPD has a domain of its own: the item says the switch goes there (issue 21).
    expect(items.map((item) => item.textContent)).toEqual(['RawLife', 'BCSO', `LSPDOpens lspd.localhost:${window.location.port}`]);
    expect(items.map((item) => item.getAttribute('aria-current'))).toEqual([null, 'true', null]);
    await user.click(within(menu).getByRole('menuitem', { name: 'RawLife' }));
    await waitFor(() => {
      expect(screen.getByTestId('portal-title').textContent).toBe('RawLife Community Portal');
    });
    expect(window.localStorage.getItem('activeAgencySlug')).toBe('rawlife');
    expect(document.cookie).toContain('agencySlug=rawlife');
  });

  it('on the public address, the agency the server remembered (cookie) wins over an older choice in storage', async () => {
    // The member went to LSPD's domain through the public address, which set the cookie;
    // localStorage still says where they were before.
    window.localStorage.setItem('activeAgencySlug', 'bcso');
    document.cookie = 'agencySlug=rawlife; path=/';
    resetActiveAgencyStore();
    vi.stubGlobal('fetch', vi.fn(mockAgencyServer().fetch));
    renderApp('/', { hostname: '127.0.0.1' });
    await waitFor(async () => {
      expect((await portalTitle()).textContent).toBe('RawLife Community Portal');
    });
  });

  it('shows Agencies in the Command menu only with agency management', async () => {
    vi.stubGlobal('fetch', vi.fn(mockAgencyServer().fetch));
    const user = userEvent.setup();
    renderApp('/');
    await portalTitle();
    await user.click(screen.getByRole('button', { name: 'Command' }));
    expect(await screen.findByRole('menuitem', { name: 'Agencies' })).toBeTruthy();
  });

  it('hides Agencies for an agency without agency management', async () => {
    window.localStorage.setItem('activeAgencySlug', 'lspd');
    resetActiveAgencyStore();
    vi.stubGlobal('fetch', vi.fn(mockAgencyServer().fetch));
    const user = userEvent.setup();
    renderApp('/');
    await portalTitle();
    await user.click(screen.getByRole('button', { name: 'Command' }));
    expect(await screen.findByRole('menuitem', { name: 'Permissions' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Agencies' })).toBeNull();
  });

  it("reports a config failure with the server's error and falls back to defaults", async () => {
    const server = mockAgencyServer({ configFailure: { status: 500, error: 'database down' } });
    vi.stubGlobal('fetch', vi.fn(server.fetch));
    renderApp('/');
    expect(await screen.findByText('Agency configuration unavailable', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('database down')).toBeTruthy();
    expect(screen.getByTestId('portal-title').textContent).toBe('Community Portal');
  });

  it("reports 'HTTP {status}' when the failure body is not JSON", async () => {
    vi.stubGlobal('fetch', vi.fn(mockAgencyServer({ configFailure: { status: 404 } }).fetch));
    renderApp('/');
    expect(await screen.findByText('HTTP 404', {}, { timeout: 3000 })).toBeTruthy();
  });

  it('reports an agency list failure', async () => {
    vi.stubGlobal('fetch', vi.fn(mockAgencyServer({ agenciesStatus: 404 }).fetch));
    renderApp('/');
    // The spec's sentence, not the configuration's (which loaded) nor the raw status.
    expect(await screen.findByText('Failed to load agencies', {}, { timeout: 3000 })).toBeTruthy();
    expect(screen.queryByText('Agency configuration unavailable')).toBeNull();
    expect(screen.queryByText('HTTP 404')).toBeNull();
    // The root agency still loads, and the switcher names it (not its slug).
    expect(screen.getByTestId('portal-title').textContent).toBe(`${RAWLIFE.name} Portal`);
    expect(screen.getByRole('button', { name: 'Switch agency' }).textContent).toBe('RawLife');
  });
});

describe('routes', () => {
  beforeEach(() => {
    clearAgencyStores();
    vi.stubGlobal('fetch', vi.fn(mockAgencyServer().fetch));
  });

  it('renders the About page on a deep link', async () => {
    renderApp('/about');
    expect(await screen.findByRole('heading', { name: 'What lives here' }, { timeout: 3000 })).toBeTruthy();
    for (const tile of ['Roster Control', 'Structure Library', 'Training & Oversight', 'Policy Hub']) {
      expect(screen.getByText(tile)).toBeTruthy();
    }
    expect(screen.getByRole('heading', { name: 'Technology & Hosting' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Roadmap' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Need help?' })).toBeTruthy();
    expect(screen.getByText(/^Last updated/)).toBeTruthy();
  });

  it("shows 'Page not found' for unknown paths", async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' }, { timeout: 3000 })).toBeTruthy();
  });

  it.each([
    ['/vehicles', '/structure/vehicles'],
    ['/structure', '/structure/vehicles'],
    ['/command', '/command/department'],
    ['/supervisor', '/supervisor/uof'],
    ['/fto', '/fto/training-management'],
  ])('redirects %s to %s', async (from, to) => {
    const { router } = renderApp(from);
    // The redirect waits for the lazy route's module: on a loaded 2-core CI machine that takes
    // longer than waitFor's default second.
    await waitFor(
      () => {
        expect(router.state.location.pathname).toBe(to);
      },
      { timeout: 5000 },
    );
  });

  it('shows the screen of a navigation link (its list failing silently here)', async () => {
    renderApp('/supervisor/arrests');
    expect(await screen.findByRole('heading', { level: 1, name: 'Arrest review' }, { timeout: 3000 })).toBeTruthy();
    expect((await screen.findByTestId('reports-empty')).textContent).toBe('No reports');
  });

  it('shows the Agencies page only from the root agency; elsewhere it says so', async () => {
    window.localStorage.setItem('activeAgencySlug', 'lspd');
    resetActiveAgencyStore();
    renderApp('/command/agencies', { hostname: '127.0.0.1' });
    expect(
      await screen.findByText('This page is only available from the root agency administration site.', {}, { timeout: 3000 }),
    ).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Page not found' })).toBeNull();
  });

  it("shows 'Unexpected Application Error!' when a screen throws", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { routes } = await import('./router');
    const boom = () => {
      throw new Error('kaboom');
    };
    const root = routes[0];
    const withBoom = [
      { ...root, children: [{ ...root?.children?.[0], children: [{ path: 'boom', Component: boom }] }] },
    ];
    renderApp('/boom', { routes: withBoom as typeof routes });
    expect(await screen.findByText('Unexpected Application Error!', {}, { timeout: 3000 })).toBeTruthy();
    expect(screen.getByText('kaboom')).toBeTruthy();
  });
});
