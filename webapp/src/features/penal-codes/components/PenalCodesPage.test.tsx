import { notifications } from '@mantine/notifications';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { components } from '@/api/schema';
import type { ViewerInfo } from '@/api/types';
import { renderApp, resetAppStores } from '@/test-utils/app';
import { COMMAND, STALE } from '@/test-utils/catalogue';
import { bodyOf, json, serveAgency } from '@/test-utils/fixtures';
import { rawlife } from '@/test-utils/organisation';
import { ASSAULT, deadlyWeapon, speeding } from '@/test-utils/penal-codes';
import { screen, waitFor, within } from '@/test-utils/render';

type PenalCatalogue = components['schemas']['PenalCatalogue'];
type PenalCatalogueSave = components['schemas']['PenalCatalogueSave'];


function catalogue(version = 3): PenalCatalogue {
  return {
    version,
    updatedAt: '2026-01-03T14:05:00Z',
    updatedBy: 'Alex Mercer',
    categories: ['Offenses Against Persons', 'Traffic'],
    items: [
      ASSAULT,
      deadlyWeapon({ description: '', fineMin: 5000, fineMax: 5000, custodyMin: 12, custodyMax: 24 }),
      speeding({ description: 'Driving above the posted limit.', fineMin: 0, custodyMin: 0, custodyMax: 0 }),
    ],
  };
}

interface ServeOptions {
  viewer?: Partial<ViewerInfo>;
  /** Answers GET /api/penal-codes (the catalogue by default); `count` starts at 1. */
  read?: (count: number) => Response | Promise<Response>;
  /** Answers PUT (echoes the items at version + 1 by default). */
  write?: (body: PenalCatalogueSave) => Response | Promise<Response>;
}

function serve({ viewer, read, write }: ServeOptions = {}) {
  const saves: PenalCatalogueSave[] = [];
  let reads = 0;
  const server = serveAgency({
    me: COMMAND,
    agencies: [rawlife()],
    viewer,
    handle: (request, url) => {
      if (url.pathname !== '/api/penal-codes') return undefined;
      if (request.method === 'GET') {
        reads += 1;
        return read ? read(reads) : json(catalogue());
      }
      if (request.method === 'PUT') {
        const body = bodyOf(request) as PenalCatalogueSave;
        saves.push(body);
        if (write) return write(body);
        return json({
          ...catalogue(body.version + 1),
          updatedBy: 'Eli Stone',
          items: body.items.map((entry, i) => ({ ...entry, id: entry.id === '' ? `pc-new-${String(i)}` : entry.id })),
        });
      }
      return undefined;
    },
  });
  return { saves, reads: () => reads, requests: server.requests };
}

const rows = () => screen.getAllByTestId('penal-code-entry');
const statutes = () => rows().map((row) => row.querySelector('td')?.textContent);
const rowOf = (statute: string) => rows().find((row) => row.querySelector('td')?.textContent === statute);
const saveButton = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Save changes' });

/** Opens the code book and waits for its rows. */
async function openCodeBook() {
  const user = userEvent.setup();
  renderApp('/command/penal-codes');
  await loaded();
  return user;
}

/** Deletes PC 101 from the staged list (Delete, then Delete in 'Delete PC 101'). */
async function deleteAssault(user: ReturnType<typeof userEvent.setup>) {
  await user.click(within(rowOf('PC 101')!).getByRole('button', { name: 'Delete' }));
  await user.click(within(await screen.findByRole('dialog', { name: 'Delete PC 101' })).getByRole('button', { name: 'Delete' }));
}

async function loaded() {
  await screen.findByRole('heading', { level: 1, name: 'Penal codes' }, { timeout: 3000 });
  await screen.findAllByTestId('penal-code-entry', {}, { timeout: 3000 });
}

describe('PenalCodesPage', { timeout: 20_000 }, () => {
  beforeEach(resetAppStores);
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('lists every penal code with classification, fine and custody, Edit and Delete', async () => {
    serve();
    renderApp('/command/penal-codes');
    await loaded();
    expect(statutes()).toEqual(['PC 101', 'PC 103', 'VC 1']);
    const table = screen.getByRole('table', { name: 'Penal codes' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Statute',
      'Title',
      'Category',
      'Classification',
      'Fine',
      'Custody',
      'Actions',
    ]);
    const assault = rowOf('PC 101')!;
    expect(within(assault).getAllByRole('cell').map((td) => td.textContent)).toEqual([
      'PC 101',
      'AssaultThreatening violent injury.',
      'Offenses Against Persons',
      'Misdemeanor',
      '$250 – $1,000',
      '1 – 6 months',
      'EditDelete',
    ]);
    expect(rowOf('PC 103')!.textContent).toContain('$5,000');
    expect(rowOf('PC 103')!.textContent).toContain('12 – 24 months');
    expect(rowOf('VC 1')!.textContent).toContain('Up to $500');
    expect(rowOf('VC 1')!.textContent).toContain('None');
    expect(screen.getByTestId('penal-codes-count').textContent).toBe('3 penal codes');
    expect(screen.getByTestId('penal-codes-updated').textContent).toContain('by Alex Mercer');
    expect(saveButton().disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Add penal code' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Import' })).toBeTruthy();
    const exportLink = screen.getByRole('link', { name: 'Export' });
    expect(exportLink.getAttribute('href')).toBe('/api/penal-codes/export?agency=rawlife');
    expect(exportLink.hasAttribute('download')).toBe(true);
  });

  it('searches statute, title, category and description, and filters by category', async () => {
    serve();
    const user = await openCodeBook();
    const search = screen.getByRole('textbox', { name: 'Search' });
    await user.type(search, 'assault');
    expect(statutes()).toEqual(['PC 101', 'PC 103']);
    expect(screen.getByTestId('penal-codes-count').textContent).toBe('2 of 3 penal codes');
    await user.clear(search);
    await user.type(search, 'POSTED LIMIT');
    expect(statutes()).toEqual(['VC 1']);
    await user.clear(search);
    await user.type(search, 'traffic');
    expect(statutes()).toEqual(['VC 1']);
    await user.clear(search);
    await user.type(search, 'pc103');
    expect(statutes()).toEqual(['PC 103']);
    await user.type(search, 'x');
    expect(screen.getByText('No matching penal codes')).toBeTruthy();
    await user.clear(search);

    await user.click(screen.getByRole('combobox', { name: 'Category' }));
    await user.click(await screen.findByRole('option', { name: 'Traffic' }));
    expect(statutes()).toEqual(['VC 1']);
  });

  it('validates the edit form: statute and title required, classification, min not above max', async () => {
    const { saves } = serve();
    const user = await openCodeBook();
    await user.click(screen.getByRole('button', { name: 'Add penal code' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add penal code' });
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findAllByText('Each penal code needs a statute and a title.')).toHaveLength(2);
    expect(within(dialog).getByText('Classification must be Infraction, Misdemeanor or Felony.')).toBeTruthy();

    await user.type(within(dialog).getByRole('textbox', { name: 'Statute' }), 'pc 101');
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Trespass');
    await user.click(within(dialog).getByRole('combobox', { name: 'Classification' }));
    await user.click(await screen.findByRole('option', { name: 'Misdemeanor' }));
    const fineMin = within(dialog).getByRole('textbox', { name: 'Fine minimum ($)' });
    await user.clear(fineMin);
    await user.type(fineMin, '900');
    const fineMax = within(dialog).getByRole('textbox', { name: 'Fine maximum ($)' });
    await user.clear(fineMax);
    await user.type(fineMax, '100');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText("Another penal code already has statute 'pc 101'.")).toBeTruthy();
    expect(within(dialog).getByText('The minimum must not be above the maximum.')).toBeTruthy();

    const statute = within(dialog).getByRole('textbox', { name: 'Statute' });
    await user.clear(statute);
    await user.type(statute, 'PC 459');
    await user.clear(fineMax);
    await user.type(fineMax, '1500');
    expect(within(dialog).getByTestId('penal-code-preview').textContent).toContain('$900 – $1,500');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'Add penal code' })).toBeNull();
    });
    // Staged, not saved.
    expect(statutes()).toEqual(['PC 101', 'PC 103', 'VC 1', 'PC 459']);
    expect(saves).toHaveLength(0);
    expect(saveButton().disabled).toBe(false);
    expect(screen.getByTestId('penal-codes-state').textContent).toBe('You have unsaved changes. Press Save changes to keep them.');
  });

  it("saves the whole list at the version read and says 'Penal codes saved.'", async () => {
    const show = vi.spyOn(notifications, 'show');
    const { saves } = serve();
    const user = await openCodeBook();
    await user.click(within(rowOf('VC 1')!).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit VC 1' });
    const fineMax = within(dialog).getByRole('textbox', { name: 'Fine maximum ($)' });
    await user.clear(fineMax);
    await user.type(fineMax, '750');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => {
      expect(rowOf('VC 1')!.textContent).toContain('Up to $750');
    });

    await user.click(within(rowOf('PC 103')!).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete PC 103' });
    expect(within(confirm).getByText('Remove this penal code from the list? It is gone once you save.')).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => {
      expect(statutes()).toEqual(['PC 101', 'VC 1']);
    });

    await user.click(saveButton());
    await waitFor(() => {
      expect(saves).toHaveLength(1);
    });
    expect(saves[0]?.version).toBe(3);
    expect(saves[0]?.items.map((item) => item.statute)).toEqual(['PC 101', 'VC 1']);
    expect(saves[0]?.items[1]).toEqual({ ...catalogue().items[2], fineMax: 750 });
    expect(await screen.findByText('Penal codes saved.')).toBeTruthy();
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ color: 'green', message: 'Penal codes saved.' }));
    await waitFor(() => {
      expect(saveButton().disabled).toBe(true);
    });
    expect(screen.getByTestId('penal-codes-updated').textContent).toContain('by Eli Stone');
  });

  it("shows the server's refusal in red and keeps the changes", async () => {
    serve({ write: () => json({ error: 'Each penal code needs a statute and a title.' }, 400) });
    const user = await openCodeBook();
    await deleteAssault(user);
    await user.click(saveButton());
    const problem = await screen.findByTestId('penal-codes-problem');
    expect(problem.textContent).toContain('Each penal code needs a statute and a title.');
    expect(within(problem).queryByRole('button', { name: 'Reload' })).toBeNull();
    expect(statutes()).toEqual(['PC 103', 'VC 1']);
    expect(saveButton().disabled).toBe(false);
  });

  it('a stale save says the list changed and offers Reload, which loads the current list', async () => {
    const { saves, reads } = serve({
      read: (count) =>
        json(count === 1 ? catalogue(3) : { ...catalogue(5), items: [...catalogue().items, { ...catalogue().items[0]!, id: 'pc-9', statute: 'PC 9' }] }),
      write: () => json({ error: STALE, current: catalogue(5) }, 409),
    });
    const user = await openCodeBook();
    await deleteAssault(user);
    await user.click(saveButton());
    const problem = await screen.findByTestId('penal-codes-problem');
    expect(problem.textContent).toContain(STALE);
    expect(problem.textContent).toContain('Reload loads the current list; your unsaved changes are dropped.');
    expect(saves[0]?.version).toBe(3);

    await user.click(within(problem).getByRole('button', { name: 'Reload' }));
    await waitFor(() => {
      expect(reads()).toBe(2);
    });
    await waitFor(() => {
      expect(statutes()).toEqual(['PC 101', 'PC 103', 'VC 1', 'PC 9']);
    });
    expect(screen.queryByTestId('penal-codes-problem')).toBeNull();
    expect(saveButton().disabled).toBe(true);
  });

  it('imports a JSON file into the staged list, and refuses one that is not a list', async () => {
    const { saves } = serve();
    const user = userEvent.setup();
    const { container } = renderApp('/command/penal-codes');
    await loaded();
    const input = () => container.ownerDocument.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input(), new File(['{"version": 1}'], 'bad.json', { type: 'application/json' }));
    expect(await screen.findByText(/must hold a list of penal codes/)).toBeTruthy();

    const file = JSON.stringify([
      { statute: 'GC 1', title: 'Imported one', classification: 'Felony', fineMin: 10, fineMax: 20 },
      { statute: 'GC 2', title: 'Imported two', classification: 'Infraction' },
    ]);
    await user.upload(input(), new File([file], 'codes.json', { type: 'application/json' }));
    expect((await screen.findByTestId('penal-codes-imported')).textContent).toBe('Imported 2 penal codes — review and save');
    expect(screen.queryByText(/must hold a list of penal codes/)).toBeNull();
    expect(statutes()).toEqual(['GC 1', 'GC 2']);
    expect(saves).toHaveLength(0);
    await user.click(saveButton());
    await waitFor(() => {
      expect(saves).toHaveLength(1);
    });
    expect(saves[0]?.items.map((item) => item.title)).toEqual(['Imported one', 'Imported two']);
  });

  it('asks before unsaved changes are dropped by leaving the page', async () => {
    serve();
    const user = userEvent.setup();
    const { router } = renderApp('/command/penal-codes');
    await loaded();
    await deleteAssault(user);
    void router.navigate('/');
    const confirm = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    await user.click(within(confirm).getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe('/command/penal-codes');
    expect(statutes()).toEqual(['PC 103', 'VC 1']);

    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Discard changes' })).getByRole('button', { name: 'Discard' }));
    await waitFor(() => {
      expect(statutes()).toEqual(['PC 101', 'PC 103', 'VC 1']);
    });
    expect(saveButton().disabled).toBe(true);
  });

  it("says 'No penal codes yet' for an empty catalogue", async () => {
    serve({ read: () => json({ ...catalogue(), items: [], categories: [] }) });
    renderApp('/command/penal-codes');
    expect((await screen.findByTestId('penal-codes-empty', {}, { timeout: 3000 })).textContent).toBe('No penal codes yet');
    expect(screen.getByRole('button', { name: 'Add penal code' })).toBeTruthy();
  });

  it("shows 'Penal codes unavailable' with the server's text or the status, and Retry", async () => {
    let answer: Response = json({ error: 'Access denied' }, 403);
    serve({ read: () => answer });
    const user = userEvent.setup();
    renderApp('/command/penal-codes');
    const alert = await screen.findByRole('alert', {}, { timeout: 3000 });
    expect(within(alert).getByText('Penal codes unavailable')).toBeTruthy();
    expect(within(alert).getByText('Access denied')).toBeTruthy();
    answer = new Response('', { status: 502 });
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Request failed: 502')).toBeTruthy();
    answer = json(catalogue());
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await loaded();
    expect(screen.queryByText('Penal codes unavailable')).toBeNull();
  });

  it('is read-only on leave of absence', async () => {
    serve({ viewer: { canManage: false } });
    renderApp('/command/penal-codes');
    await loaded();
    expect(screen.getByTestId('loa-notice')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add penal code' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Import' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Export' })).toBeTruthy();
  });
});
