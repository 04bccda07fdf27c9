import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetActiveAgencyStore } from '@/agency/store';
import { renderApp, resetAppStores } from '@/test-utils/app';
import { agency, BCSO, bodyOf, DEMO_AGENCIES, HIDDEN, json, rosterEntry, serveAgency, signedIn } from '@/test-utils/fixtures';
import { screen, waitFor, within } from '@/test-utils/render';

const HC = signedIn(rosterEntry({ name: 'Alex Mercer', level: 'high_command' }));

function serve({ highCommand = true, agencies = DEMO_AGENCIES } = {}) {
  const writes: { method: string; url: string; body: unknown }[] = [];
  serveAgency({
    me: HC,
    agencies,
    highCommand: highCommand,
    handle: (request, url) => {
      if (request.method === 'POST' && url.pathname === '/api/agencies') {
        const body = bodyOf(request) as { name: string };
        writes.push({ method: 'POST', url: request.url, body });
        if (body.name === 'Taken') return json({ error: "An agency with slug 'taken' already exists." }, 409);
        return json(agency('sspd', { name: body.name }), 201);
      }
      if (request.method === 'PATCH') {
        const body = bodyOf(request);
        writes.push({ method: 'PATCH', url: request.url, body });
        return json(HIDDEN);
      }
      return undefined;
    },
  });
  return writes;
}

describe('AgenciesPage', { timeout: 20_000 }, () => {
  beforeEach(resetAppStores);

  it('requires a name, then creates the agency', async () => {
    const writes = serve();
    const user = userEvent.setup();
    renderApp('/command/agencies');
    const create = await screen.findByRole('button', { name: 'Create agency' }, { timeout: 3000 });
    await user.click(create);
    expect(await screen.findByText('Agency name is required.')).toBeTruthy();
    expect(writes).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Sandy Shores PD');
    await user.type(screen.getByRole('textbox', { name: /^Slug/ }), 'SSPD');
    await user.type(screen.getByRole('textbox', { name: /^Custom levels/ }), 'Officer, Chief');
    expect(screen.getByTestId('parsed-levels').textContent).toBe('Levels: Officer (officer), Chief (chief)');
    await user.click(create);
    expect(await screen.findByText('Agency "Sandy Shores PD" created.')).toBeTruthy();
    expect(writes[0]?.body).toEqual({
      name: 'Sandy Shores PD',
      slug: 'sspd',
      flags: {
        enableAgencyManagement: true,
        disableCallsigns: false,
        levels: [
          { id: 'officer', label: 'Officer' },
          { id: 'chief', label: 'Chief' },
        ],
      },
    });
    await waitFor(() => {
      expect(screen.getByRole<HTMLInputElement>('textbox', { name: /^Name/ }).value).toBe('');
    });
  });

  it("reports the server's refusal", async () => {
    serve();
    const user = userEvent.setup();
    renderApp('/command/agencies');
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }, { timeout: 3000 }), 'Taken');
    await user.click(screen.getByRole('button', { name: 'Create agency' }));
    expect(await screen.findByText('Unable to create agency.')).toBeTruthy();
    expect(screen.getByText("An agency with slug 'taken' already exists.")).toBeTruthy();
  });

  it('lists hidden agencies and toggles visibility', async () => {
    const writes = serve();
    const user = userEvent.setup();
    renderApp('/command/agencies');
    const hidden = await screen.findByRole('region', { name: 'Hidden Agency' }, { timeout: 3000 });
    expect(within(hidden).getByText('Hidden')).toBeTruthy();
    await user.click(within(hidden).getByRole('button', { name: 'Unhide' }));
    expect(await screen.findByText('Agency is visible in the portal again.')).toBeTruthy();
    expect(writes[0]).toMatchObject({ method: 'PATCH', body: { flags: { hidden: false } } });
    expect(writes[0]?.url).toBe('/api/agencies/hidden?agency=rawlife');

    // The root agency is not offered a Hide that would fail: the card says why.
    const root = screen.getByRole('region', { name: 'RawLife Community' });
    expect(within(root).queryByRole('button', { name: 'Hide' })).toBeNull();
    expect(within(root).getByTestId('root-not-hideable').textContent).toBe('The root agency cannot be hidden.');
    expect(writes).toHaveLength(1);
  });

  it('clears an agency image', async () => {
    const withBadge = { ...BCSO, theme: { ...BCSO.theme, badgeUrl: '/media/agencies/bcso/badge.png' } };
    const writes = serve({ agencies: DEMO_AGENCIES.map((a) => (a.slug === 'bcso' ? withBadge : a)) });
    const user = userEvent.setup();
    renderApp('/command/agencies');
    const bcso = await screen.findByRole('region', { name: BCSO.name }, { timeout: 3000 });
    await user.click(within(bcso).getByRole('button', { name: 'Clear Badge' }));
    expect(await screen.findByText('Badge cleared.')).toBeTruthy();
    expect(writes[0]).toMatchObject({ url: '/api/agencies/bcso?agency=rawlife', body: { theme: { badgeUrl: null } } });
  });

  it('refuses viewers outside High Command', async () => {
    serve({ highCommand: false });
    renderApp('/command/agencies');
    expect(
      await screen.findByText('You need High Command access on the root agency to manage agencies.', {}, { timeout: 3000 }),
    ).toBeTruthy();
  });

  it.each([
    { which: 'without agency management', agencies: DEMO_AGENCIES },
    {
      which: 'with agency management',
      agencies: DEMO_AGENCIES.map((a) => (a.slug === 'bcso' ? { ...BCSO, flags: { ...BCSO.flags, enableAgencyManagement: true } } : a)),
    },
  ])('is only available from the root agency (on another agency $which)', async ({ agencies }) => {
    serve({ agencies });
    window.localStorage.setItem('activeAgencySlug', 'bcso');
    resetActiveAgencyStore();
    renderApp('/command/agencies');
    expect(
      await screen.findByText('This page is only available from the root agency administration site.', {}, { timeout: 3000 }),
    ).toBeTruthy();
    // Before: 'Page not found' (issue 11, defect 2).
    expect(screen.queryByText('Page not found')).toBeNull();
    // Nor are the agency bundles (issue 27): no Export, no Import agency.
    expect(screen.queryByRole('button', { name: /^Export / })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Import agency' })).toBeNull();
  });
});
