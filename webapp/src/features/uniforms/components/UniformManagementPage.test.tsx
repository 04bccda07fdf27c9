import { notifications } from '@mantine/notifications';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { components } from '@/api/schema';
import { renderApp, resetAppStores } from '@/test-utils/app';
import { managementScreen, serveManagedList, type ManagedListOptions } from '@/test-utils/catalogue';
import { itManagesTheCatalogue } from '@/test-utils/catalogue-suite';
import { screen, waitFor, within } from '@/test-utils/render';
import { classB } from './fixtures';

type UniformList = components['schemas']['UniformList'];
type UniformSave = components['schemas']['UniformSave'];

const RANKS: UniformList['ranks'] = [
  { id: 'patrol-lt', name: 'Lieutenant', level: 'command', departmentId: 'patrol', departmentName: 'Patrol Division' },
  { id: 'patrol-deputy', name: 'Deputy', level: 'deputy', departmentId: 'patrol', departmentName: 'Patrol Division' },
];

function list(version = 2): UniformList {
  return {
    uniforms: [
      classB(),
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

const screenCards = managementScreen('Uniform management', 'uniform-card', '/command/uniforms');
const { cardNames, cardOf, loaded } = screenCards;

describe('UniformManagementPage', { timeout: 20_000 }, () => {
  beforeEach(resetAppStores);
  afterEach(() => {
    vi.restoreAllMocks();
  });

  itManagesTheCatalogue<UniformSave, UniformList>({
    route: '/command/uniforms',
    list,
    key: 'uniforms',
    nameField: 'name',
    serve,
    cards: screenCards,
    texts: {
      add: 'New uniform',
      addTitle: 'Add uniform',
      create: 'Create uniform',
      created: 'Uniform created',
      removed: 'Uniform removed',
      confirmDelete: 'Remove this uniform entry?',
      empty: 'No uniforms configured',
      emptyTestId: 'uniforms-empty',
      unableToLoad: 'Unable to load uniforms',
      failedToLoad: 'Failed to load uniforms',
      failedToSave: 'Failed to save uniforms',
    },
    fillNew: async (dialog, user, name) => {
      await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), name);
    },
    editField: 'Summary',
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
    // The ranks behind 'N rank(s)' are named (issue 21).
    expect(cardOf('Tactical')!.textContent).toContain('Allowed: 1 rank(s)');
    expect(within(cardOf('Tactical')!).getByTestId('allowed-rank-names').textContent).toBe('Lieutenant');
    expect(within(cardOf('Class B patrol')!).queryByTestId('allowed-rank-names')).toBeNull();
    expect(within(classB).getByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(within(classB).getByRole('button', { name: 'Delete' })).toBeTruthy();
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
          requiredQualifications: [],
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

});
