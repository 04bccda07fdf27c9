import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp, resetAppStores } from '@/test-utils/app';
import { json, rosterEntry, signedIn, SIGNED_OUT } from '@/test-utils/fixtures';
import { itShowsListStates, serveMemberList } from '@/test-utils/member-list';
import { screen, within } from '@/test-utils/render';
import type { VehicleList } from '../api/vehicles';
import { CRUISER, SANCHEZ, vehicleList } from './fixtures';

const DEPUTY = signedIn(rosterEntry({ name: 'Casey Nguyen', level: 'deputy', rank: 'Deputy', rankId: 'p-dep' }));

const serve = ({
  signedOut = false,
  answer = () => json(vehicleList([CRUISER, SANCHEZ])),
}: { signedOut?: boolean; answer?: () => Response | Promise<Response> } = {}) =>
  serveMemberList('/api/vehicles', answer, signedOut ? SIGNED_OUT : DEPUTY);

const cards = () => screen.findAllByTestId('vehicle-card');

describe('VehiclesPage', { timeout: 20_000 }, () => {
  beforeEach(resetAppStores);

  it("shows a card per vehicle with 'View details', and the details with the rank's liveries", async () => {
    const user = userEvent.setup();
    // The server sends only the liveries the rank may use: Interceptor has none left.
    const server = serve({
      answer: () =>
        json(
          vehicleList([
            { ...CRUISER, variants: [{ name: 'Patrol', liveries: [{ name: 'Marked' }] }, { name: 'Interceptor', liveries: [] }] },
            SANCHEZ,
          ]),
        ),
    });
    renderApp('/structure/vehicles');
    expect(await screen.findByRole('heading', { level: 1, name: 'Vehicles' })).toBeTruthy();
    expect(await cards()).toHaveLength(2);
    expect(server.requests.some((r) => r.url.startsWith('/api/vehicles') && !r.url.includes('scope='))).toBe(true);
    expect(screen.queryByTestId('vehicles-login-prompt')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'View details of Stanier Cruiser' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stanier Cruiser' });
    expect(within(dialog).getByText('The patrol workhorse.')).toBeTruthy();
    const [patrol, interceptor] = within(dialog).getAllByTestId('vehicle-variant');
    expect(within(patrol!).getByText('Patrol')).toBeTruthy();
    expect(within(patrol!).getByRole('listitem').textContent).toBe('Marked');
    expect(within(interceptor!).getByText('Not available for your rank')).toBeTruthy();
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'View details of Sanchez' }));
    const sanchez = await screen.findByRole('dialog', { name: 'Sanchez' });
    expect(within(sanchez).getByText('No variants registered.')).toBeTruthy();
  });

  it('tells signed-out visitors they see every vehicle and links to the login', async () => {
    const user = userEvent.setup();
    serve({ signedOut: true });
    renderApp('/structure/vehicles');
    const prompt = await screen.findByTestId('vehicles-login-prompt');
    expect(prompt.textContent).toContain('Log in to see only the vehicles and liveries your rank may use.');
    expect(within(prompt).getByRole('link', { name: 'Log in to filter by rank' }).getAttribute('href')).toBe(
      '/auth/discord?returnTo=%2Fstructure%2Fvehicles',
    );
    expect(await cards()).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'View details of Stanier Cruiser' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stanier Cruiser' });
    // Signed out every livery is listed: a variant without one simply has none.
    expect(within(dialog).getByText('No liveries registered.')).toBeTruthy();
    expect(within(dialog).getByText('Ghost')).toBeTruthy();
  });

  itShowsListStates({ route: '/structure/vehicles', path: '/api/vehicles', empty: { body: vehicleList([]) satisfies VehicleList, testId: 'vehicles-empty', text: 'No vehicles are available for your rank.' }, unavailable: 'Vehicle list unavailable', failed: 'Failed to load vehicles' });
});
