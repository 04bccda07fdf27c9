import { notifications } from '@mantine/notifications';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { components } from '@/api/schema';
import { renderApp, resetAppStores } from '@/test-utils/app';
import { managementScreen, serveManagedList, STALE, staleOnce, UNSAVED, type ManagedListOptions } from '@/test-utils/catalogue';
import { json } from '@/test-utils/fixtures';
import { screen, waitFor, within } from '@/test-utils/render';

type UniformList = components['schemas']['UniformList'];
type UniformSave = components['schemas']['UniformSave'];

const RANKS: UniformList['ranks'] = [
  { id: 'patrol-lt', name: 'Lieutenant', level: 'command', departmentId: 'patrol', departmentName: 'Patrol Division' },
  { id: 'patrol-deputy', name: 'Deputy', level: 'deputy', departmentId: 'patrol', departmentName: 'Patrol Division' },
];

function list(version = 2): UniformList {
  return {
    uniforms: [
      {
        id: 'uni_1',
        name: 'Class B patrol',
        image: '/media/catalogues/rawlife/class-b.png',
        notes: 'Everyday patrol uniform.',
        allowedRanks: ['All'],
        gear: { helmet: 'None', uniform: 'Tan shirt\nGreen trousers', notes: 'Sleeves down.' },
        attachments: ['Name tape', 'Badge'],
      },
      { id: 'uni_2', name: 'Tactical', image: '', notes: '', allowedRanks: ['patrol-lt'], gear: { vest: 'Plate carrier' }, attachments: [] },
    ],
    ranks: RANKS,
    version,
  };
}

/** GET and PUT /api/uniforms?scope=manage; a save answers as the server would: ids given, and what it normalised. */
function serve(options: ManagedListOptions<UniformSave> = {}) {
  return serveManagedList<UniformSave>(
    {
      path: '/api/uniforms',
      list: () => list(),
      echo: (body) => ({
        ...list(body.version + 1),
        uniforms: body.uniforms.map((u) => ({ ...u, id: u.id === '' ? 'uni_new' : u.id, name: `${u.name} (saved)` })),
      }),
    },
    options,
  );
}

const { cardNames, cardOf, loaded } = managementScreen('Uniform management', 'uniform-card');

describe('UniformManagementPage', { timeout: 20_000 }, () => {
  beforeEach(resetAppStores);
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows cards with image, name, gear slot count, summary, slot texts and chips', async () => {
    serve();
    renderApp('/command/uniforms');
    await loaded();
    expect(screen.getByRole('button', { name: 'New uniform' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeTruthy();
    expect(cardNames()).toEqual(['Class B patrol', 'Tactical']);
    const classB = cardOf('Class B patrol')!;
    const image = within(classB).getByRole('img', { name: 'Class B patrol' });
    expect(image.getAttribute('src')).toBe('/media/catalogues/rawlife/class-b.png');
    // 140x180, in rem (16 px each).
    expect(image.getAttribute('style')).toContain('width: calc(8.75rem');
    expect(image.getAttribute('style')).toContain('height: calc(11.25rem');
    expect(classB.textContent).toContain('3 gear slots');
    expect(classB.textContent).toContain('Everyday patrol uniform.');
    expect(within(classB).getAllByTestId('gear-slot').map((slot) => slot.textContent)).toEqual([
      'HelmetNone',
      'UniformTan shirt\nGreen trousers',
      'NotesSleeves down.',
    ]);
    expect(within(classB).getAllByTestId('attachment-chip').map((chip) => chip.textContent)).toEqual(['Name tape', 'Badge']);
    expect(cardOf('Tactical')!.textContent).toContain('1 gear slot');
    expect(within(cardOf('Tactical')!).getByText('No image')).toBeTruthy();
    expect(within(classB).getByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(within(classB).getByRole('button', { name: 'Delete' })).toBeTruthy();
  });

  it("says 'No uniforms configured' for an empty list", async () => {
    serve({ read: () => json({ ...list(), uniforms: [] }) });
    renderApp('/command/uniforms');
    expect((await screen.findByTestId('uniforms-empty')).textContent).toBe('No uniforms configured');
  });

  it('adds a uniform: name required, slots, attachments; the list becomes the server answer', async () => {
    const show = vi.spyOn(notifications, 'show');
    const { saves } = serve();
    const user = userEvent.setup();
    renderApp('/command/uniforms');
    await loaded();
    await user.click(screen.getByRole('button', { name: 'New uniform' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add uniform' });

    // One text area per slot: the notes slot three rows, the others two.
    for (const label of ['Helmet', 'Eyewear', 'Uniform', 'Vest', 'Backpack']) {
      expect(within(dialog).getByRole('textbox', { name: label }).getAttribute('rows')).toBe('2');
    }
    expect(within(dialog).getByRole('textbox', { name: 'Notes' }).getAttribute('rows')).toBe('3');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Create uniform' }));
    expect(await within(dialog).findByText('Uniform name is required')).toBeTruthy();
    expect(saves).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Polo');
    await user.type(within(dialog).getByRole('textbox', { name: 'Summary' }), 'Summer.');
    await user.click(within(within(dialog).getByRole('group', { name: 'Patrol Division' })).getByRole('checkbox', { name: 'Deputy' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Helmet' }), 'Cap');
    await user.type(within(dialog).getByRole('textbox', { name: 'Vest' }), '   ');
    await user.type(within(dialog).getByRole('textbox', { name: 'Notes' }), 'Summer only.');
    const attachments = within(dialog).getByRole('group', { name: 'Attachments' });
    await user.click(within(attachments).getByRole('button', { name: 'Add attachment' }));
    await user.type(within(attachments).getByRole('textbox', { name: 'Attachment 1' }), 'Name tape');
    await user.click(within(attachments).getByRole('button', { name: 'Add attachment' }));
    await user.type(within(attachments).getByRole('textbox', { name: 'Attachment 2' }), 'Oops');
    await user.click(within(attachments).getByRole('button', { name: 'Remove attachment 2' }));
    await user.click(within(attachments).getByRole('button', { name: 'Add attachment' }));

    await user.click(within(dialog).getByRole('button', { name: 'Create uniform' }));
    await waitFor(() => {
      expect(saves).toHaveLength(1);
    });
    expect(saves[0]).toEqual({
      version: 2,
      uniforms: [
        ...list().uniforms,
        {
          id: '',
          name: 'Polo',
          image: '',
          notes: 'Summer.',
          allowedRanks: ['patrol-deputy'],
          gear: { helmet: 'Cap', notes: 'Summer only.' },
          attachments: ['Name tape'],
        },
      ],
    });
    expect(await screen.findByText('Uniform created')).toBeTruthy();
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ color: 'green', title: 'Uniform created' }));
    await waitFor(() => {
      expect(cardNames()).toEqual(['Class B patrol (saved)', 'Tactical (saved)', 'Polo (saved)']);
    });
  });

  it("edits in 'Edit {name}' with Save changes", async () => {
    const show = vi.spyOn(notifications, 'show');
    const { saves } = serve();
    const user = userEvent.setup();
    renderApp('/command/uniforms');
    await loaded();
    await user.click(within(cardOf('Tactical')!).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Tactical' });
    expect(within(dialog).getByRole<HTMLTextAreaElement>('textbox', { name: 'Vest' }).value).toBe('Plate carrier');
    await user.clear(within(dialog).getByRole('textbox', { name: 'Vest' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Eyewear' }), 'Goggles');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => {
      expect(saves).toHaveLength(1);
    });
    expect(saves[0]?.uniforms[1]).toMatchObject({ id: 'uni_2', gear: { eyewear: 'Goggles' } });
    expect(saves[0]?.uniforms[1]?.gear).toEqual({ eyewear: 'Goggles' });
    expect(await screen.findByText('Uniform updated')).toBeTruthy();
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ color: 'green', title: 'Uniform updated' }));
  });

  it('asks before leaving the screen with unsaved changes in the dialog', async () => {
    serve();
    const user = userEvent.setup();
    const { router } = renderApp('/command/uniforms');
    await loaded();
    await user.click(within(cardOf('Tactical')!).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Tactical' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Summary' }), 'Changed');
    void router.navigate('/roster');
    expect(await screen.findByText(UNSAVED)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Stay' }));
    await waitFor(() => {
      expect(screen.queryByText(UNSAVED)).toBeNull();
    });
    expect(router.state.location.pathname).toBe('/command/uniforms');
    expect(within(dialog).getByRole<HTMLTextAreaElement>('textbox', { name: 'Summary' }).value).toBe('Changed');
  });

  it('deletes after a confirmation', async () => {
    const show = vi.spyOn(notifications, 'show');
    const { saves } = serve();
    const user = userEvent.setup();
    renderApp('/command/uniforms');
    await loaded();
    await user.click(within(cardOf('Class B patrol')!).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Remove this uniform entry?')).toBeTruthy();
    const confirm = screen.getByRole('dialog', { name: 'Delete Class B patrol' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => {
      expect(saves).toHaveLength(1);
    });
    expect(saves[0]?.uniforms.map((u) => u.id)).toEqual(['uni_2']);
    expect(await screen.findByText('Uniform removed')).toBeTruthy();
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ color: 'green', title: 'Uniform removed' }));
  });

  it("a failed save says 'Failed to save uniforms' or HTTP {status}, and keeps the list", async () => {
    let answer: () => Response = () => {
      throw new TypeError('Failed to fetch');
    };
    serve({ write: () => answer() });
    const user = userEvent.setup();
    renderApp('/command/uniforms');
    await loaded();
    await user.click(within(cardOf('Tactical')!).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Tactical' });
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('Failed to save uniforms')).toBeTruthy();
    answer = () => new Response('', { status: 500 });
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('HTTP 500')).toBeTruthy();
    expect(cardNames()).toEqual(['Class B patrol', 'Tactical']);
  });

  it('a stale save shows the message and Reload; saving again uses the new version', async () => {
    const { saves, reads } = serve({
      read: (count) => json(list(count === 1 ? 2 : 7)),
      write: staleOnce(list(7), (body) => ({ ...list(body.version + 1), uniforms: body.uniforms })),
    });
    const user = userEvent.setup();
    renderApp('/command/uniforms');
    await loaded();
    await user.click(screen.getByRole('button', { name: 'New uniform' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add uniform' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Polo');
    await user.click(within(dialog).getByRole('button', { name: 'Create uniform' }));
    expect(await within(dialog).findByText(STALE)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Reload' }));
    await waitFor(() => {
      expect(reads()).toBe(2);
    });
    await user.click(within(dialog).getByRole('button', { name: 'Create uniform' }));
    await waitFor(() => {
      expect(saves).toHaveLength(2);
    });
    expect(saves[1]?.version).toBe(7);
    expect(saves[1]?.uniforms.map((u) => u.name)).toEqual(['Class B patrol', 'Tactical', 'Polo']);
    expect(await screen.findByText('Uniform created')).toBeTruthy();
  });

  it("shows 'Unable to load uniforms' with Retry when nothing loaded, inline otherwise", async () => {
    let status: number | null = null;
    const failing = () => (status === null ? json(list()) : json({ error: 'Database unavailable' }, status));
    status = 503;
    serve({ read: failing });
    const user = userEvent.setup();
    renderApp('/command/uniforms');
    expect(await screen.findByText('Unable to load uniforms')).toBeTruthy();
    expect(screen.getByText('Database unavailable')).toBeTruthy();
    status = null;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await loaded();
    status = 500;
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('Database unavailable')).toBeTruthy();
    expect(screen.queryByText('Unable to load uniforms')).toBeNull();
    expect(cardNames()).toEqual(['Class B patrol', 'Tactical']);
  });

  it('is read-only on leave of absence', async () => {
    serve({ viewer: { canManage: false } });
    renderApp('/command/uniforms');
    await loaded();
    expect(screen.getByTestId('loa-notice')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New uniform' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });
});
