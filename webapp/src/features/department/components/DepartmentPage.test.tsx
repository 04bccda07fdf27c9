import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Agency, Structure, ViewerInfo } from '@/api/types';
import { renderApp, resetAppStores } from '@/test-utils/app';
import { bodyOf, json, rosterEntry, serveAgency, signedIn } from '@/test-utils/fixtures';
import { ALEX_ENTRY, DISCORD_ROLES, POOLS, rawlife, structure } from '@/test-utils/organisation';
import { screen, waitFor, within } from '@/test-utils/render';

const HC = signedIn(ALEX_ENTRY);
const COMMAND = signedIn(
  rosterEntry({ id: 7, name: 'Eli Stone', departmentId: 'patrol', rankId: 'patrol-lt', rank: 'Lieutenant', level: 'command' }),
);
const LOA_NOTICE = 'Members on leave of absence (LOA) can view the portal but cannot change anything.';

interface Write {
  method: string;
  path: string;
  body: unknown;
}

interface ServeOptions {
  agency?: Agency;
  me?: typeof HC;
  /** Changes to the viewer the permissions call describes. */
  viewer?: Partial<ViewerInfo>;
  rolesStatus?: number;
  /** The body of GET /api/discord/roles (default: the guild's roles). */
  rolesBody?: unknown;
  /** Answers a write instead of the default (the structure, or the pools). */
  answer?: (write: Write) => Response | undefined;
}

function serve({ agency = rawlife(), me = HC, viewer, rolesStatus, rolesBody, answer }: ServeOptions = {}) {
  const writes: Write[] = [];
  const reads: string[] = [];
  const current: Structure = structure();
  const server = serveAgency({
    me,
    agencies: [agency],
    highCommand: me === HC,
    viewer,
    handle: (request, url) => {
      const path = url.pathname;
      if (request.method === 'GET') {
        if (path === '/api/structure') {
          reads.push(path);
          return json(current);
        }
        if (path === '/api/discord/roles') {
          if (rolesBody !== undefined) return json(rolesBody);
          return rolesStatus === undefined ? json(DISCORD_ROLES) : json({ error: 'Discord bot not configured' }, rolesStatus);
        }
        if (path === '/api/callsigns') {
          reads.push(path);
          return json(POOLS);
        }
        return undefined;
      }
      if (!path.startsWith('/api/structure') && !path.startsWith('/api/uploads') && path !== '/api/callsigns') return undefined;
      const body = request.body instanceof FormData ? request.body : bodyOf(request);
      const write = { method: request.method, path, body };
      writes.push(write);
      const answered = answer?.(write);
      if (answered) return answered;
      if (path === '/api/uploads/insignia') return json({ filename: 'new-insignia.png' });
      if (path === '/api/callsigns') return json(POOLS);
      return json(current, request.method === 'POST' && path === '/api/structure' ? 201 : 200);
    },
  });
  return { writes, reads, server };
}

async function card(name: string): Promise<HTMLElement> {
  return screen.findByRole('region', { name }, { timeout: 3000 });
}

function rankRow(scope: HTMLElement, name: string): HTMLElement {
  const row = within(scope)
    .getAllByTestId('rank-row')
    .find((candidate) => within(candidate).getByTestId('rank-name').textContent === name);
  if (!row) throw new Error(`no rank row ${name}`);
  return row;
}

/** The error shown in a dialog's field (marked invalid, its text read through aria-describedby). */
function fieldError(dialog: HTMLElement, name: RegExp): string | null {
  const box = within(dialog).getByRole('textbox', { name });
  if (box.getAttribute('aria-invalid') !== 'true') return null;
  const ids = (box.getAttribute('aria-describedby') ?? '').split(' ');
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').find((text) => text !== '') ?? null;
}

describe('DepartmentPage', { timeout: 20_000 }, () => {
  beforeEach(resetAppStores);

  it('shows every department with its actions, ranks, roles and sub-departments', async () => {
    serve();
    renderApp('/command/department');
    expect(await screen.findByRole('heading', { level: 1, name: 'Command - Department Management' }, { timeout: 3000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: '+ Department' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeTruthy();
    const patrol = await card('Patrol Division');
    for (const action of ['Edit', '+ Rank', '+ Sub', '+ Role', 'Delete']) {
      expect(within(patrol).getAllByRole('button', { name: action }).length).toBeGreaterThan(0);
    }
    expect(within(patrol).getByText('@Patrol')).toBeTruthy();
    expect(within(patrol).getAllByTestId('rank-name').map((name) => name.textContent)).toEqual([
      'Lieutenant',
      'Sergeant',
      'Deputy',
      'Recruit',
    ]);
    const lieutenant = rankRow(patrol, 'Lieutenant');
    expect(within(lieutenant).getByText('Command')).toBeTruthy();
    expect(within(lieutenant).getByText('@Lieutenants')).toBeTruthy();
    expect(within(lieutenant).getByRole('img', { name: 'Lieutenant insignia' }).getAttribute('src')).toBe('/insignia/lieutenant.png');
    expect(await within(rankRow(patrol, 'Deputy')).findByText('A - 100 • 199')).toBeTruthy();
    expect(within(lieutenant).getByTestId('rank-callsigns').textContent).toBe('no callsign range');
    expect(within(lieutenant).getByRole('button', { name: 'Edit pools of Lieutenant' })).toBeTruthy();
    expect(within(patrol).getByText('Field Training Officer')).toBeTruthy();
    expect(within(patrol).getByText('@FTO')).toBeTruthy();
    expect(within(patrol).getByText('K9 Unit')).toBeTruthy();
    // All three sections start expanded.
    for (const section of [/^Ranks \(4\)/, /^Roles \(2\)/, /^Sub-departments \(2\)/]) {
      expect(within(patrol).getByRole('button', { name: section }).getAttribute('aria-expanded')).toBe('true');
    }
    expect(within(patrol).getByRole('button', { name: 'Drag Recruit' }).getAttribute('aria-roledescription')).toBe('sortable');
  });

  it('collapses a department and a section', async () => {
    serve();
    const user = userEvent.setup();
    renderApp('/command/department');
    const patrol = await card('Patrol Division');
    await user.click(within(patrol).getByRole('button', { name: /^Roles/ }));
    expect(within(patrol).getByRole('button', { name: /^Roles/ }).getAttribute('aria-expanded')).toBe('false');
    await user.click(within(patrol).getByRole('button', { name: 'Collapse Patrol Division' }));
    expect(within(patrol).getByRole('button', { name: 'Expand Patrol Division' }).getAttribute('aria-expanded')).toBe('false');
  });

  it('leaves out sub-departments and callsigns when the agency disables them', async () => {
    const { reads } = serve({ agency: rawlife({ disableCallsigns: true, disableSubDepartments: true }) });
    renderApp('/command/department');
    const patrol = await card('Patrol Division');
    expect(within(patrol).queryByRole('button', { name: '+ Sub' })).toBeNull();
    expect(within(patrol).queryByRole('button', { name: /^Sub-departments/ })).toBeNull();
    expect(within(patrol).queryByRole('button', { name: /^Edit pools/ })).toBeNull();
    expect(within(rankRow(patrol, 'Deputy')).getByTestId('rank-callsigns').textContent).toBe('callsigns disabled');
    expect(reads).not.toContain('/api/callsigns');
  });

  it("requires a department name, then creates it and reloads the structure", async () => {
    const { writes, reads } = serve();
    const user = userEvent.setup();
    renderApp('/command/department');
    await card('Patrol Division');
    await user.click(screen.getByRole('button', { name: '+ Department' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Department' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(fieldError(dialog, /^Department name/)).toBe('Department name required');
    expect(writes).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /^Department name/ }), '  Marine Unit ');
    await user.click(within(dialog).getByRole('combobox', { name: 'Discord role' }));
    await user.click(await screen.findByRole('option', { name: 'Patrol' }));
    const before = reads.filter((path) => path === '/api/structure').length;
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'Add Department' })).toBeNull();
    });
    expect(writes).toEqual([
      { method: 'POST', path: '/api/structure', body: { type: 'department', parentId: null, data: { name: 'Marine Unit', roleId: '500' } } },
    ]);
    await waitFor(() => {
      expect(reads.filter((path) => path === '/api/structure').length).toBeGreaterThan(before);
    });
    expect(await screen.findByText('Department added')).toBeTruthy();
  });

  it('asks before a dialog with changes is closed, and keeps them on request', async () => {
    const { writes } = serve();
    const user = userEvent.setup();
    renderApp('/command/department');
    await card('Patrol Division');
    await user.click(screen.getByRole('button', { name: '+ Department' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Department' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Department name/ }), 'Marine Unit');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    let confirm = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    expect(within(confirm).getByText('Close this dialog and drop your changes?')).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'Unsaved changes' })).toBeNull();
    });
    expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: /^Department name/ }).value).toBe('Marine Unit');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    confirm = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    await user.click(within(confirm).getByRole('button', { name: 'Discard' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'Add Department' })).toBeNull();
    });
    expect(writes).toHaveLength(0);
  });

  it('says once, quietly, when the Discord roles cannot be listed', async () => {
    serve({ rolesBody: { roles: [], available: false, reason: 'Discord lookups are not configured (DISCORD_BOT_TOKEN)' } });
    renderApp('/command/department');
    await card('Patrol Division');
    const notices = await screen.findAllByTestId('discord-roles-unavailable');
    expect(notices).toHaveLength(1);
    expect(notices[0]!.textContent).toContain('Discord lookups are not configured (DISCORD_BOT_TOKEN)');
  });

  it("requires names for subs and roles, and types role ids when Discord roles are unavailable", async () => {
    const { writes } = serve({ rolesStatus: 503 });
    const user = userEvent.setup();
    renderApp('/command/department');
    const patrol = await card('Patrol Division');
    await user.click(within(patrol).getByRole('button', { name: '+ Sub' }));
    let dialog = await screen.findByRole('dialog', { name: 'Add Sub' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(fieldError(dialog, /^Sub-department name/)).toBe('Sub-department name required');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.click(within(patrol).getByRole('button', { name: '+ Role' }));
    dialog = await screen.findByRole('dialog', { name: 'Add Role' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(fieldError(dialog, /^Role name/)).toBe('Name required');
    await user.type(within(dialog).getByRole('textbox', { name: /^Role name/ }), 'Air Support');
    await user.type(within(dialog).getByRole('textbox', { name: 'Discord role' }), '777');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      expect(writes).toHaveLength(1);
    });
    expect(writes[0]?.body).toEqual({ type: 'role', parentId: 'patrol', data: { name: 'Air Support', discordRoleId: '777' } });
  });

  it('edits a sub-department and saves nothing without a name', async () => {
    const { writes } = serve();
    const user = userEvent.setup();
    renderApp('/command/department');
    const patrol = await card('Patrol Division');
    await user.click(within(patrol).getByRole('button', { name: 'Edit sub-department K9 Unit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Sub' });
    const name = within(dialog).getByRole('textbox', { name: /^Sub-department name/ });
    await user.clear(name);
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Save' }).disabled).toBe(true);
    await user.type(name, 'K-9');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      expect(writes).toHaveLength(1);
    });
    expect(writes[0]).toEqual({ method: 'PATCH', path: '/api/structure/patrol-sub-2', body: { name: 'K-9', roleId: null } });
  });

  it("asks 'Delete role?' before deleting, and Cancel keeps it", async () => {
    const { writes } = serve();
    const user = userEvent.setup();
    renderApp('/command/department');
    const patrol = await card('Patrol Division');
    await user.click(within(patrol).getByRole('button', { name: 'Delete role Dispatch' }));
    let confirm = await screen.findByRole('dialog', { name: 'Delete role?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(writes).toHaveLength(0);
    await user.click(within(patrol).getByRole('button', { name: 'Delete role Dispatch' }));
    confirm = await screen.findByRole('dialog', { name: 'Delete role?' });
    await user.click(within(confirm).getByRole('button', { name: 'OK' }));
    await waitFor(() => {
      expect(writes).toEqual([{ method: 'DELETE', path: '/api/structure/patrol-role-2', body: undefined }]);
    });
    expect(await screen.findByText('Role deleted')).toBeTruthy();
  });

  it("shows why a rank cannot be deleted", async () => {
    serve({ answer: () => json({ error: "Cannot delete rank 'Deputy': 2 people still hold it." }, 409) });
    const user = userEvent.setup();
    renderApp('/command/department');
    const patrol = await card('Patrol Division');
    await user.click(within(patrol).getByRole('button', { name: 'Delete rank Deputy' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete rank and its pool?' });
    await user.click(within(confirm).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText("Cannot delete rank 'Deputy': 2 people still hold it.")).toBeTruthy();
  });

  it("asks 'Delete permanently?' for a department", async () => {
    serve();
    const user = userEvent.setup();
    renderApp('/command/department');
    const hq = await card('Headquarters');
    await user.click(within(hq).getAllByRole('button', { name: 'Delete' })[0]!);
    expect(await screen.findByRole('dialog', { name: 'Delete permanently?' })).toBeTruthy();
  });

  it('adds ranks: checks the files, uploads each PNG, then saves the rows', async () => {
    const { writes } = serve();
    const user = userEvent.setup({ applyAccept: false });
    renderApp('/command/department');
    const patrol = await card('Patrol Division');
    await user.click(within(patrol).getByRole('button', { name: '+ Rank' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Rank(s)' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Rank 1 name/ }), 'Corporal');
    await user.upload(within(dialog).getByLabelText('Insignia of rank 1 file'), new File(['x'], 'corporal.jpg', { type: 'image/jpeg' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Only PNG files allowed');
    const big = new File([new Uint8Array(1048577)], 'big.png', { type: 'image/png' });
    await user.upload(within(dialog).getByLabelText('Insignia of rank 1 file'), big);
    expect(within(dialog).getByRole('alert').textContent).toBe('File too large (max 1MB)');
    await user.upload(within(dialog).getByLabelText('Insignia of rank 1 file'), new File(['png'], 'corporal.png', { type: 'image/png' }));
    expect(within(dialog).queryByRole('alert')).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: '+ Add row' }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Rank 2 name/ }), 'Cadet');
    await user.click(within(dialog).getAllByRole('combobox', { name: 'Level' })[1]!);
    await user.click(await screen.findByRole('option', { name: 'Supervisor' }));
    await user.click(within(dialog).getByRole('button', { name: '+ Add row' }));
    expect(within(dialog).getAllByTestId('rank-row')).toHaveLength(3);
    await user.click(within(dialog).getAllByRole('button', { name: 'Remove row' })[2]!);
    expect(within(dialog).getAllByTestId('rank-row')).toHaveLength(2);

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      expect(writes).toHaveLength(2);
    });
    expect(writes[0]?.path).toBe('/api/uploads/insignia');
    expect(((writes[0]?.body as FormData).get('insignia') as File).name).toBe('corporal.png');
    expect(writes[1]?.body).toEqual({
      type: 'ranks',
      parentId: 'patrol',
      data: {
        ranks: [
          { name: 'Corporal', roleId: null, level: 'deputy', insignia: 'new-insignia.png' },
          { name: 'Cadet', roleId: null, level: 'supervisor', insignia: null },
        ],
      },
    });
  });

  it("shows the server's upload error and 'Save failed: ' for a refused rank", async () => {
    let uploadAnswer: Response | undefined = json({ error: 'Only PNG files allowed' }, 415);
    const { writes } = serve({
      answer: (write) =>
        write.path === '/api/uploads/insignia'
          ? uploadAnswer
          : json({ error: "Department 'Patrol Division' already has a rank named 'Deputy'." }, 409),
    });
    const user = userEvent.setup();
    renderApp('/command/department');
    const patrol = await card('Patrol Division');
    await user.click(within(patrol).getByRole('button', { name: '+ Rank' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Rank(s)' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(fieldError(dialog, /^Rank 1 name/)).toBe('Name required');
    expect(writes).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: /^Rank 1 name/ }), 'Deputy');
    expect(fieldError(dialog, /^Rank 1 name/)).toBeNull();
    await user.upload(within(dialog).getByLabelText('Insignia of rank 1 file'), new File(['fake'], 'fake.png', { type: 'image/png' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      expect(within(dialog).getByRole('alert').textContent).toBe('Only PNG files allowed');
    });
    uploadAnswer = new Response('nope', { status: 500 });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      expect(within(dialog).getByRole('alert').textContent).toBe('Upload failed');
    });
    uploadAnswer = undefined;
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      expect(within(dialog).getByRole('alert').textContent).toBe(
        "Save failed: Department 'Patrol Division' already has a rank named 'Deputy'.",
      );
    });
  });

  it('edits a rank and removes its insignia', async () => {
    const { writes } = serve();
    const user = userEvent.setup();
    renderApp('/command/department');
    const patrol = await card('Patrol Division');
    await user.click(within(patrol).getByRole('button', { name: 'Edit rank Sergeant' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Rank' });
    expect(within(dialog).getByRole('img', { name: 'Sergeant insignia' }).getAttribute('src')).toBe('/insignia/sergeant.png');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(within(dialog).queryByRole('img', { name: 'Sergeant insignia' })).toBeNull();
    await user.clear(within(dialog).getByRole('textbox', { name: /^Name/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Staff Sergeant');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      expect(writes).toHaveLength(1);
    });
    expect(writes[0]).toEqual({
      method: 'PATCH',
      path: '/api/structure/patrol-sgt',
      body: { name: 'Staff Sergeant', roleId: null, level: 'supervisor', insignia: null },
    });
  });

  it('edits callsign pools: numbers default to 0, new pools are 100 to 199', async () => {
    const { writes } = serve();
    const user = userEvent.setup();
    renderApp('/command/department');
    const patrol = await card('Patrol Division');
    await within(rankRow(patrol, 'Deputy')).findByText('A - 100 • 199');
    await user.click(within(patrol).getByRole('button', { name: 'Edit pools of Deputy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Callsign Pools' });
    expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Pool 1 prefix' }).value).toBe('A');
    const start = within(dialog).getAllByRole('textbox', { name: 'Start' })[0]!;
    await user.clear(start);
    await user.type(start, 'abc');
    await user.click(within(dialog).getByRole('button', { name: '+ Add pool' }));
    expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Pool 2 prefix' }).value).toBe('');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      expect(writes).toHaveLength(1);
    });
    expect(writes[0]).toEqual({
      method: 'POST',
      path: '/api/callsigns',
      body: {
        rankName: 'Deputy',
        pools: [
          { type: 'numeric', prefix: 'A', start: 0, end: 199 },
          { type: 'numeric', prefix: '', start: 100, end: 199 },
        ],
      },
    });
    expect(await screen.findByText('Callsign pools saved')).toBeTruthy();
  });

  it('shows Command no Edit or Delete of High Command ranks, nor Delete of a department holding one', async () => {
    serve({ me: COMMAND });
    renderApp('/command/department');
    const hq = await card('Headquarters');
    const highCommand = rankRow(hq, 'High Command');
    expect(within(highCommand).queryByRole('button', { name: 'Edit rank High Command' })).toBeNull();
    expect(within(highCommand).queryByRole('button', { name: 'Delete rank High Command' })).toBeNull();
    expect(within(highCommand).getByRole('button', { name: 'Edit pools of High Command' })).toBeTruthy();
    expect(within(rankRow(hq, 'Deputy')).getByRole('button', { name: 'Edit rank Deputy' })).toBeTruthy();
    expect(within(hq).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(within(hq).getByRole('button', { name: 'Edit' })).toBeTruthy();
    const patrol = await card('Patrol Division');
    expect(within(patrol).getAllByRole('button', { name: 'Delete' }).length).toBeGreaterThan(0);
    expect(within(patrol).getByRole('button', { name: 'Edit rank Lieutenant' })).toBeTruthy();
    expect(within(patrol).getByRole('button', { name: 'Delete rank Lieutenant' })).toBeTruthy();
    expect(screen.queryByText(LOA_NOTICE)).toBeNull();
  });

  it('offers Command only the levels below their own for new ranks', async () => {
    const { writes } = serve({ me: COMMAND });
    const user = userEvent.setup();
    renderApp('/command/department');
    const patrol = await card('Patrol Division');
    await user.click(within(patrol).getByRole('button', { name: '+ Rank' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Rank(s)' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Rank 1 name/ }), 'Corporal');
    expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: /^Rank 1 name/ }).maxLength).toBe(120);
    await user.click(within(dialog).getByRole('combobox', { name: 'Level' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['Deputy', 'Supervisor']);
    await user.click(screen.getByRole('option', { name: 'Supervisor' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      expect(writes).toHaveLength(1);
    });
    expect(writes[0]?.body).toEqual({
      type: 'ranks',
      parentId: 'patrol',
      data: { ranks: [{ name: 'Corporal', roleId: null, level: 'supervisor', insignia: null }] },
    });
  });

  it("lets Command rename a rank at their own level but not change its level", async () => {
    const { writes } = serve({ me: COMMAND });
    const user = userEvent.setup();
    renderApp('/command/department');
    const patrol = await card('Patrol Division');
    await user.click(within(patrol).getByRole('button', { name: 'Edit rank Lieutenant' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Rank' });
    const level = within(dialog).getByRole<HTMLInputElement>('combobox', { name: 'Level' });
    expect(level.value).toBe('Command');
    expect(level.disabled).toBe(true);
    const name = within(dialog).getByRole<HTMLInputElement>('textbox', { name: /^Name/ });
    expect(name.disabled).toBe(false);
    expect(name.maxLength).toBe(120);
    await user.clear(name);
    await user.type(name, 'First Lieutenant');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      expect(writes).toHaveLength(1);
    });
    expect(writes[0]).toEqual({
      method: 'PATCH',
      path: '/api/structure/patrol-lt',
      body: { name: 'First Lieutenant', roleId: '501', level: 'command', insignia: 'lieutenant.png' },
    });
  });

  it('offers Command the assignable levels when editing a rank below their own', async () => {
    serve({ me: COMMAND });
    const user = userEvent.setup();
    renderApp('/command/department');
    const patrol = await card('Patrol Division');
    await user.click(within(patrol).getByRole('button', { name: 'Edit rank Sergeant' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Rank' });
    const level = within(dialog).getByRole<HTMLInputElement>('combobox', { name: 'Level' });
    expect(level.disabled).toBe(false);
    await user.click(level);
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['Deputy', 'Supervisor']);
  });

  it("shows the server's refusal of a rank change", async () => {
    const refusal = 'You can only create or change ranks whose level is below your own.';
    serve({ me: COMMAND, answer: () => json({ error: refusal }, 403) });
    const user = userEvent.setup();
    renderApp('/command/department');
    const patrol = await card('Patrol Division');
    await user.click(within(patrol).getByRole('button', { name: 'Edit rank Sergeant' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Rank' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      expect(within(dialog).getByRole('alert').textContent).toBe(`Save failed: ${refusal}`);
    });
  });

  it('shows no write controls, only the LOA notice, on leave of absence', async () => {
    serve({ viewer: { canManage: false, assignableLevels: [] } });
    renderApp('/command/department');
    const patrol = await card('Patrol Division');
    expect(screen.getByText(LOA_NOTICE)).toBeTruthy();
    expect(screen.queryByRole('button', { name: '+ Department' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeTruthy();
    for (const action of ['Edit', '+ Rank', '+ Sub', '+ Role', 'Delete']) {
      expect(within(patrol).queryByRole('button', { name: action })).toBeNull();
    }
    expect(within(patrol).queryAllByRole('button', { name: /^(Edit|Delete|Drag) / })).toHaveLength(0);
    expect(within(patrol).getAllByTestId('rank-name')).toHaveLength(4);
  });

  it('limits department, sub-department and role names to 120 characters', async () => {
    serve();
    const user = userEvent.setup();
    renderApp('/command/department');
    const patrol = await card('Patrol Division');
    await user.click(screen.getByRole('button', { name: '+ Department' }));
    let dialog = await screen.findByRole('dialog', { name: 'Add Department' });
    expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: /^Department name/ }).maxLength).toBe(120);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(within(patrol).getByRole('button', { name: '+ Role' }));
    dialog = await screen.findByRole('dialog', { name: 'Add Role' });
    expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: /^Role name/ }).maxLength).toBe(120);
  });
});
