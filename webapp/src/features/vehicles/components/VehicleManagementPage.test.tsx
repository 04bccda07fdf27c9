import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, resetAppStores } from '@/test-utils/app';
import { STALE } from '@/test-utils/catalogue';
import {
  bodyOf,
  json,
  mockAgencyServer,
  navPermissions,
  rosterEntry,
  signedIn,
  viewerOf,
  type RecordedRequest,
} from '@/test-utils/fixtures';
import { screen, waitFor, within } from '@/test-utils/render';
import type { Vehicle, VehicleList, VehicleSave } from '../api/vehicles';
import { BUFFALO, CRUISER, SANCHEZ, vehicleList } from './fixtures';

const COMMAND = signedIn(rosterEntry({ name: 'Jordan Reyes', level: 'command', rank: 'Command' }));

type Answer = (request: RecordedRequest) => Response | Promise<Response> | undefined;

function serve({
  list = vehicleList([CRUISER, BUFFALO, SANCHEZ]),
  load,
  save,
  onLeave = false,
}: { list?: VehicleList; load?: Answer; save?: Answer; onLeave?: boolean } = {}) {
  const saves: VehicleSave[] = [];
  let current = list;
  const server = mockAgencyServer({
    me: COMMAND,
    permissions: navPermissions({ viewer: viewerOf(COMMAND, false, { canManage: !onLeave }) }),
    handle: (request) => {
      const url = new URL(request.url, 'http://localhost');
      if (url.pathname === '/api/uploads/catalogue-image') return json({ url: '/media/catalogues/rawlife/alamo.png' });
      if (url.pathname !== '/api/vehicles') return undefined;
      if (request.method === 'PUT') {
        const body = bodyOf(request) as VehicleSave;
        saves.push(body);
        const answer = save?.(request);
        if (answer !== undefined) return answer;
        const vehicles = body.vehicles.map((v, i) => ({ ...v, id: v.id === '' ? `veh-new-${String(i)}` : v.id }));
        current = { ...current, vehicles, version: body.version + 1 };
        return json(current);
      }
      expect(url.searchParams.get('scope')).toBe('manage');
      return load?.(request) ?? json(current);
    },
  });
  vi.stubGlobal('fetch', vi.fn(server.fetch));
  return { server, saves };
}

const card = async (name: string) =>
  (await screen.findAllByTestId('vehicle-card')).find((c) => within(c).queryByRole('heading', { name }) !== null)!;

async function openAdd(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Add vehicle' }));
  return screen.findByRole('dialog', { name: 'Add vehicle' });
}

describe('VehicleManagementPage', { timeout: 30_000 }, () => {
  beforeEach(resetAppStores);

  it("lists each vehicle with its 'Allowed' summary, notes and variants with livery counts", async () => {
    serve();
    renderApp('/command/vehicles');
    expect(await screen.findByRole('heading', { level: 1, name: 'Vehicle management' })).toBeTruthy();
    const cruiser = await card('Stanier Cruiser');
    expect(within(cruiser).getByTestId('vehicle-allowed').textContent).toBe('Allowed: All ranks');
    expect(within(cruiser).getByText('The patrol workhorse.')).toBeTruthy();
    expect(within(cruiser).getByText('Patrol · 2 liveries')).toBeTruthy();
    expect(within(cruiser).getByText('Interceptor · 0 liveries')).toBeTruthy();
    const buffalo = await card('Buffalo STX');
    expect(within(buffalo).getByTestId('vehicle-allowed').textContent).toBe('Allowed: 2 rank(s)');
    expect(within(buffalo).getByTestId('allowed-rank-names').textContent).toBe('Sergeant, Detective');
    expect(within(cruiser).queryByTestId('allowed-rank-names')).toBeNull();
    expect(within(buffalo).getByRole('img', { name: 'Buffalo STX' }).getAttribute('src')).toBe('/media/catalogues/rawlife/buffalo.png');
    expect(within(buffalo).getByText('Pursuit · 1 livery')).toBeTruthy();
    const sanchez = await card('Sanchez');
    expect(within(sanchez).getByTestId('vehicle-allowed').textContent).toBe('Allowed: No ranks assigned');
    expect(within(sanchez).getByText('No variants registered.')).toBeTruthy();
    expect(within(sanchez).getByRole('button', { name: 'Edit vehicle Sanchez' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeTruthy();
  });

  it("shows 'No vehicles configured' for an empty list", async () => {
    serve({ list: vehicleList([]) });
    renderApp('/command/vehicles');
    expect((await screen.findByTestId('vehicles-empty')).textContent).toBe('No vehicles configured');
  });

  it("shows 'Unable to load vehicles' with Retry when nothing loaded", async () => {
    const user = userEvent.setup();
    let fail = true;
    serve({ load: () => (fail ? json({ error: 'Database unavailable' }, 503) : undefined) });
    renderApp('/command/vehicles');
    const unavailable = await screen.findByTestId('vehicles-unavailable');
    expect(within(unavailable).getByText('Unable to load vehicles')).toBeTruthy();
    expect(within(unavailable).getByText('Database unavailable')).toBeTruthy();
    fail = false;
    await user.click(within(unavailable).getByRole('button', { name: 'Retry' }));
    expect(await card('Stanier Cruiser')).toBeTruthy();
  });

  it('keeps the list and shows a failed refresh inline in red', async () => {
    const user = userEvent.setup();
    let status = 0;
    serve({ load: () => (status === 0 ? undefined : new Response('', { status })) });
    renderApp('/command/vehicles');
    await card('Stanier Cruiser');
    status = 502;
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect((await screen.findByTestId('vehicles-load-error')).textContent).toBe('HTTP 502');
    expect(await card('Stanier Cruiser')).toBeTruthy();
  });

  it("adds a vehicle: name required, rank chips, variants and liveries, then 'Vehicle created'", async () => {
    const user = userEvent.setup();
    const { saves } = serve();
    renderApp('/command/vehicles');
    const dialog = await openAdd(user);

    await user.click(within(dialog).getByRole('button', { name: 'Create vehicle' }));
    expect(within(dialog).getByText('Vehicle name is required')).toBeTruthy();
    expect(saves).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), '  Alamo SUV ');
    await user.type(within(dialog).getByRole('textbox', { name: 'Notes' }), 'K9');
    await user.type(within(dialog).getByRole('textbox', { name: 'Image URL' }), 'https://example.com/alamo.png');
    const access = within(dialog).getByRole('group', { name: 'Vehicle access' });
    expect(within(access).getByRole<HTMLInputElement>('checkbox', { name: 'All ranks' }).checked).toBe(true);
    await user.click(within(within(access).getByRole('group', { name: 'Patrol Division' })).getByRole('checkbox', { name: 'Deputy' }));
    await user.click(within(access).getByRole('checkbox', { name: 'Detective' }));

    await user.click(within(dialog).getByRole('button', { name: 'Add variant' }));
    const variant = within(dialog).getByRole('group', { name: 'Variant 1' });
    await user.type(within(variant).getByRole('textbox', { name: 'Variant name' }), 'K9 Unit');
    await user.click(within(variant).getByRole('button', { name: 'Add livery' }));
    await user.click(within(variant).getByRole('button', { name: 'Add livery' }));
    const first = within(variant).getByRole('group', { name: 'Livery 1' });
    await user.type(within(first).getByRole('textbox', { name: 'Livery name' }), 'Marked');
    await user.click(within(dialog).getByRole('button', { name: 'Create vehicle' }));
    expect(within(dialog).getByText('Each livery needs a name.')).toBeTruthy();
    await user.click(within(variant).getByRole('button', { name: 'Remove livery 2 of variant 1' }));
    const liveryAccess = within(first).getByRole('group', { name: 'Livery access' });
    await user.click(within(liveryAccess).getByRole('checkbox', { name: 'Sergeant' }));

    await user.click(within(dialog).getByRole('button', { name: 'Create vehicle' }));
    expect(await screen.findByText('Vehicle created')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Add vehicle' })).toBeNull();
    expect(saves).toHaveLength(1);
    expect(saves[0]!.version).toBe(3);
    expect(saves[0]!.vehicles.map((v) => v.name)).toEqual(['Stanier Cruiser', 'Buffalo STX', 'Sanchez', 'Alamo SUV']);
    expect(saves[0]!.vehicles[3]).toEqual({
      id: '',
      name: 'Alamo SUV',
      image: 'https://example.com/alamo.png',
      notes: 'K9',
      departmentIds: [],
      allowedRanks: ['p-dep', 'd-det'],
      requiredQualifications: [],
      variants: [{ name: 'K9 Unit', liveries: [{ name: 'Marked', rankIds: ['p-sgt'], requiredQualifications: [] }] }],
    } satisfies Vehicle);
    expect(await card('Alamo SUV')).toBeTruthy();
  });

  it("edits a vehicle ('Vehicle updated') and saves at the new version next time", async () => {
    const user = userEvent.setup();
    const { saves } = serve();
    renderApp('/command/vehicles');
    await user.click(within(await card('Buffalo STX')).getByRole('button', { name: 'Edit vehicle Buffalo STX' }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit Buffalo STX' });
    const access = within(dialog).getByRole('group', { name: 'Vehicle access' });
    expect(within(access).getByRole<HTMLInputElement>('checkbox', { name: 'Sergeant' }).checked).toBe(true);
    await user.click(within(access).getByRole('checkbox', { name: 'All ranks' }));
    expect(within(access).getByRole<HTMLInputElement>('checkbox', { name: 'Sergeant' }).checked).toBe(false);
    await user.type(within(dialog).getByRole('textbox', { name: 'Notes' }), 'Pursuit only');
    // Enter in a text field saves.
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), '{Enter}');
    expect(await screen.findByText('Vehicle updated')).toBeTruthy();
    expect(saves[0]!.vehicles[1]).toMatchObject({ id: 'veh-2', allowedRanks: ['All'], notes: 'Pursuit only' });
    expect(saves[0]!.vehicles).toHaveLength(3);
    expect(within(await card('Buffalo STX')).getByTestId('vehicle-allowed').textContent).toBe('Allowed: All ranks');

    await user.click(within(await card('Sanchez')).getByRole('button', { name: 'Edit vehicle Sanchez' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit Sanchez' });
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => {
      expect(saves).toHaveLength(2);
    });
    expect(saves[1]!.version).toBe(4);
  });

  it('shows a refused save with the server text, HTTP {status} or the fallback, the edits kept', async () => {
    const user = userEvent.setup();
    let answer: () => Response | Promise<Response> = () => json({ error: 'Unknown rank ids: gone.' }, 400);
    serve({ save: () => answer() });
    renderApp('/command/vehicles');
    const dialog = await openAdd(user);
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Bus');
    await user.click(within(dialog).getByRole('button', { name: 'Create vehicle' }));
    const reopened = await screen.findByRole('dialog', { name: 'Add vehicle' });
    expect(within(reopened).getByTestId('vehicle-save-error').textContent).toBe('Unknown rank ids: gone.');
    expect(within(reopened).getByRole<HTMLInputElement>('textbox', { name: 'Name' }).value).toBe('Bus');
    expect(within(reopened).queryByRole('button', { name: 'Reload' })).toBeNull();

    answer = () => new Response('', { status: 500 });
    await user.click(within(reopened).getByRole('button', { name: 'Create vehicle' }));
    await waitFor(() => {
      expect(screen.getByTestId('vehicle-save-error').textContent).toBe('HTTP 500');
    });

    answer = () => Promise.reject(new TypeError('offline'));
    await user.click(within(screen.getByRole('dialog', { name: 'Add vehicle' })).getByRole('button', { name: 'Create vehicle' }));
    await waitFor(() => {
      expect(screen.getByTestId('vehicle-save-error').textContent).toBe('Failed to save changes');
    });
  });

  it('offers Reload when someone else saved first, then saves at their version', async () => {
    const user = userEvent.setup();
    let stale = true;
    const theirs = vehicleList([CRUISER, SANCHEZ], 7);
    const { saves } = serve({
      save: () => (stale ? json({ error: STALE, current: { items: [], version: 7 } }, 409) : undefined),
      load: () => (stale ? undefined : json(theirs)),
    });
    renderApp('/command/vehicles');
    await user.click(within(await card('Buffalo STX')).getByRole('button', { name: 'Edit vehicle Buffalo STX' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Buffalo STX' });
    await user.clear(within(dialog).getByRole('textbox', { name: 'Name' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Buffalo S');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    const reopened = await screen.findByRole('dialog', { name: 'Edit Buffalo S' });
    expect(within(reopened).getByTestId('vehicle-save-error').textContent).toContain(STALE);

    stale = false;
    await user.click(within(reopened).getByRole('button', { name: 'Reload' }));
    await waitFor(() => {
      expect(within(reopened).queryByTestId('vehicle-save-error')).toBeNull();
    });
    // Their list shows behind the dialog (Buffalo was removed by them).
    expect(screen.queryByRole('heading', { name: 'Buffalo STX' })).toBeNull();
    await user.click(within(reopened).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Vehicle updated')).toBeTruthy();
    expect(saves[1]!.version).toBe(7);
    expect(saves[1]!.vehicles.map((v) => v.name)).toEqual(['Stanier Cruiser', 'Sanchez', 'Buffalo S']);
  });

  it("removes a vehicle after 'Remove this vehicle?' ('Vehicle removed')", async () => {
    const user = userEvent.setup();
    const { saves } = serve();
    renderApp('/command/vehicles');
    await user.click(within(await card('Sanchez')).getByRole('button', { name: 'Delete Sanchez' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove this vehicle?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(saves).toHaveLength(0);

    await user.click(within(await card('Sanchez')).getByRole('button', { name: 'Delete Sanchez' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Remove this vehicle?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Vehicle removed')).toBeTruthy();
    expect(saves[0]!.vehicles.map((v) => v.id)).toEqual(['veh-1', 'veh-2']);
    await waitFor(() => {
      expect(screen.queryByRole('heading', { name: 'Sanchez' })).toBeNull();
    });
  });

  it('asks before Escape, × or a click beside it drop a filled Add vehicle and its uploaded image (issue 21)', async () => {
    const user = userEvent.setup();
    const { saves } = serve();
    renderApp('/command/vehicles');
    const dialog = await openAdd(user);
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Alamo SUV');
    await user.upload(within(dialog).getByLabelText('Image URL file'), new File(['png'], 'alamo.png', { type: 'image/png' }));
    const image = within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Image URL' });
    await waitFor(() => {
      expect(image.value).toBe('/media/catalogues/rawlife/alamo.png');
    });
    const keepEditing = async () => {
      const confirm = await screen.findByRole('dialog', { name: 'Unsaved changes' });
      expect(within(confirm).getByText('Close this dialog and drop your changes?')).toBeTruthy();
      await user.click(within(confirm).getByRole('button', { name: 'Keep editing' }));
      await waitFor(() => {
        expect(screen.queryByRole('dialog', { name: 'Unsaved changes' })).toBeNull();
      });
      expect(screen.getByRole('dialog', { name: 'Add vehicle' })).toBe(dialog);
      expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Name' }).value).toBe('Alamo SUV');
      expect(image.value).toBe('/media/catalogues/rawlife/alamo.png');
    };
    // Before: Escape closed the dialog at once and the form and its image were gone.
    await user.keyboard('{Escape}');
    await keepEditing();
    await user.click(within(dialog).getByRole('button', { name: 'Close this dialog' }));
    await keepEditing();
    await user.click(dialog.closest('.mantine-Modal-root')!.querySelector('.mantine-Modal-overlay')!);
    await keepEditing();
    await user.keyboard('{Escape}');
    await user.click(within(await screen.findByRole('dialog', { name: 'Unsaved changes' })).getByRole('button', { name: 'Discard' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'Add vehicle' })).toBeNull();
    });
    expect(saves).toHaveLength(0);
  });

  it('asks before leaving the screen with unsaved edits in the dialog', async () => {
    const user = userEvent.setup();
    serve();
    const { router } = renderApp('/command/vehicles');
    const dialog = await openAdd(user);
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Half done');
    void router.navigate('/roster');
    expect(await screen.findByText('You have unsaved changes. Leave this page and drop them?')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/command/vehicles');
  });

  it('is read-only on leave of absence', async () => {
    serve({ onLeave: true });
    renderApp('/command/vehicles');
    await card('Stanier Cruiser');
    expect(screen.getByTestId('loa-notice')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add vehicle' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit vehicle/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();
  });
});
