import { notifications } from '@mantine/notifications';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { components } from '@/api/schema';
import { renderApp, resetAppStores } from '@/test-utils/app';
import { managementScreen, serveManagedList, type ManagedListOptions } from '@/test-utils/catalogue';
import { itManagesTheCatalogue } from '@/test-utils/catalogue-suite';
import { json } from '@/test-utils/fixtures';
import { screen, waitFor, within } from '@/test-utils/render';
import { patrolLoadout } from './fixtures';

type EquipmentList = components['schemas']['EquipmentList'];
type EquipmentSave = components['schemas']['EquipmentSave'];

const RANKS: EquipmentList['ranks'] = [
  { id: 'patrol-lt', name: 'Lieutenant', level: 'command', departmentId: 'patrol', departmentName: 'Patrol Division' },
  { id: 'patrol-deputy', name: 'Deputy', level: 'deputy', departmentId: 'patrol', departmentName: 'Patrol Division' },
  { id: 'k9-handler', name: 'Handler', level: 'deputy', departmentId: 'k9', departmentName: 'K9 Unit' },
];

function list(version = 3): EquipmentList {
  return {
    equipment: [
      patrolLoadout(),
      {
        id: 'eq_2',
        name: 'Supervisor kit',
        image: '',
        notes: '',
        allowedRanks: ['patrol-lt'],
        categories: [{ name: 'Scene control', items: ['Spike strips'] }],
      },
    ],
    ranks: RANKS,
    version,
  };
}

/** GET and PUT /api/equipment?scope=manage; a save echoes the list at version + 1 with ids given. */
function serve(options: ManagedListOptions<EquipmentSave> = {}) {
  return serveManagedList<EquipmentSave>(
    {
      path: '/api/equipment',
      list: () => list(),
      echo: (body) => ({
        ...list(body.version + 1),
        equipment: body.equipment.map((entry, i) => ({ ...entry, id: entry.id === '' ? `eq_new${String(i)}` : entry.id })),
      }),
    },
    options,
  );
}

const screenCards = managementScreen('Equipment management', 'equipment-card', '/command/equipment');
const { cardNames, cardOf, loaded } = screenCards;

describe('EquipmentManagementPage', { timeout: 20_000 }, () => {
  beforeEach(resetAppStores);
  afterEach(() => {
    vi.restoreAllMocks();
  });

  itManagesTheCatalogue<EquipmentSave, EquipmentList>({
    route: '/command/equipment',
    list,
    key: 'equipment',
    nameField: 'name',
    serve,
    cards: screenCards,
    texts: {
      add: 'New equipment',
      addTitle: 'New equipment',
      create: 'Create equipment',
      created: 'Equipment created',
      removed: 'Equipment removed',
      confirmDelete: 'Remove this equipment entry?',
      empty: 'No equipment configured',
      emptyTestId: 'equipment-empty',
      unableToLoad: 'Unable to load equipment',
      failedToLoad: 'Failed to load equipment',
      failedToSave: 'Failed to save equipment',
    },
    fillNew: async (dialog, user, name) => {
      await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), name);
    },
    editField: 'Notes',
  });

  it('shows each entry with image, name, section count, notes, sections and Edit/Delete', async () => {
    serve();
    renderApp('/command/equipment');
    await loaded();
    expect(screen.getByRole('button', { name: 'New equipment' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeTruthy();
    expect(cardNames()).toEqual(['Patrol loadout', 'Supervisor kit']);
    const patrol = cardOf('Patrol loadout')!;
    expect(patrol.textContent).toContain('2 sections');
    expect(patrol.textContent).toContain('Issued to every sworn member.');
    expect(within(patrol).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Service pistol',
      'Taser X2',
      'Radio',
    ]);
    expect(cardOf('Supervisor kit')!.textContent).toContain('1 section');
    // The ranks behind 'N rank(s)' are named (issue 21); All needs no line.
    expect(patrol.textContent).toContain('Allowed: All ranks');
    expect(within(patrol).queryByTestId('allowed-rank-names')).toBeNull();
    expect(cardOf('Supervisor kit')!.textContent).toContain('Allowed: 1 rank(s)');
    expect(within(cardOf('Supervisor kit')!).getByTestId('allowed-rank-names').textContent).toBe('Lieutenant');
    expect(within(patrol).getByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(within(patrol).getByRole('button', { name: 'Delete' })).toBeTruthy();
  });

  it('creates an entry: name required, sections and items, the list updated before the save returns', async () => {
    const show = vi.spyOn(notifications, 'show');
    let release: () => void = () => undefined;
    const { saves } = serve({
      write: (body) =>
        new Promise<Response>((resolve) => {
          release = () => {
            resolve(json({ ...list(4), equipment: body.equipment.map((e) => ({ ...e, id: e.id === '' ? 'eq_9' : e.id })) }));
          };
        }),
    });
    const user = userEvent.setup();
    renderApp('/command/equipment');
    await loaded();
    await user.click(screen.getByRole('button', { name: 'New equipment' }));
    const dialog = await screen.findByRole('dialog', { name: 'New equipment' });

    await user.click(within(dialog).getByRole('button', { name: 'Create equipment' }));
    expect(await within(dialog).findByText('Equipment name is required')).toBeTruthy();
    expect(saves).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'K9 kit');
    expect(within(dialog).queryByText('Equipment name is required')).toBeNull();
    await user.type(within(dialog).getByRole('textbox', { name: 'Notes' }), 'Handlers only.');
    await user.click(within(within(dialog).getByRole('group', { name: 'K9 Unit' })).getByRole('checkbox', { name: 'Handler' }));
    const section = within(dialog).getByRole('group', { name: 'Section 1' });
    await user.type(within(section).getByRole('textbox', { name: 'Section name' }), 'Dog');
    await user.type(within(section).getByRole('textbox', { name: 'Item 1' }), 'Leash');
    await user.click(within(section).getByRole('button', { name: 'Add item' }));
    await user.type(within(section).getByRole('textbox', { name: 'Item 2' }), 'Bite sleeve');
    await user.click(within(section).getByRole('button', { name: 'Add item' }));
    // A blank item is dropped on save.
    expect(within(section).getAllByRole('textbox')).toHaveLength(4);

    // A second section whose only item is removed keeps one empty item.
    await user.click(within(dialog).getByRole('button', { name: 'Add section' }));
    const second = within(dialog).getByRole('group', { name: 'Section 2' });
    await user.type(within(second).getByRole('textbox', { name: 'Item 1' }), 'Gone');
    await user.click(within(second).getByRole('button', { name: 'Remove item 1' }));
    expect(within(second).getByRole<HTMLInputElement>('textbox', { name: 'Item 1' }).value).toBe('');
    await user.click(within(second).getByRole('button', { name: 'Remove section' }));
    expect(within(dialog).queryByRole('group', { name: 'Section 2' })).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Create equipment' }));
    await waitFor(() => {
      expect(saves).toHaveLength(1);
    });
    expect(saves[0]).toEqual({
      version: 3,
      equipment: [
        ...list().equipment,
        {
          id: '',
          name: 'K9 kit',
          image: '',
          notes: 'Handlers only.',
          allowedRanks: ['k9-handler'],
          requiredQualifications: [],
          categories: [{ name: 'Dog', items: ['Leash', 'Bite sleeve'] }],
        },
      ],
    });
    // Shown before the server answers.
    await waitFor(() => {
      expect(cardNames()).toEqual(['Patrol loadout', 'Supervisor kit', 'K9 kit']);
    });
    expect(show).not.toHaveBeenCalled();

    release();
    expect(await screen.findByText('Equipment created')).toBeTruthy();
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ color: 'green', title: 'Equipment created' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'New equipment' })).toBeNull();
    });
    expect(cardOf('K9 kit')!.textContent).toContain('1 section');
  });

  it('edits an entry and saves with the version read', async () => {
    const show = vi.spyOn(notifications, 'show');
    const { saves } = serve();
    const user = userEvent.setup();
    renderApp('/command/equipment');
    await loaded();
    await user.click(within(cardOf('Supervisor kit')!).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Supervisor kit' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Sergeant kit{Enter}');
    await waitFor(() => {
      expect(saves).toHaveLength(1);
    });
    expect(saves[0]?.version).toBe(3);
    expect(saves[0]?.equipment.map((e) => e.name)).toEqual(['Patrol loadout', 'Sergeant kit']);
    expect(saves[0]?.equipment[1]?.id).toBe('eq_2');
    expect(await screen.findByText('Equipment updated')).toBeTruthy();
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ color: 'green', title: 'Equipment updated' }));
  });

});
