import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { RosterHours } from '@/api/duty';
import type { Agency, RosterEntry, ViewerInfo } from '@/api/types';
import { renderApp, resetAppStores } from '@/test-utils/app';
import { bodyOf, json, rosterEntry, serveAgency, signedIn, type RecordedRequest } from '@/test-utils/fixtures';
import { ALEX_ENTRY, rawlife, roster, structure } from '@/test-utils/organisation';
import { screen, waitFor, within } from '@/test-utils/render';

const HC = signedIn(ALEX_ENTRY);
const DEPUTY = signedIn(rosterEntry());
/** Eli Stone, Lieutenant of Patrol Division: Command level. */
const COMMAND = signedIn(
  rosterEntry({
    id: 7,
    name: 'Eli Stone',
    discordId: '100000000000000007',
    departmentId: 'patrol',
    departmentName: 'Patrol Division',
    rankId: 'patrol-lt',
    rank: 'Lieutenant',
    level: 'command',
  }),
);
const SUPERVISOR = signedIn(rosterEntry({ id: 8, name: 'Fay Lund', rankId: 'patrol-sgt', rank: 'Sergeant', level: 'supervisor' }));
const OWN_ENTRY_HINT = 'You cannot change your own rank, level or status.';
const LOA_NOTICE = 'Members on leave of absence (LOA) can view the portal but cannot change anything.';

interface ServeOptions {
  me?: typeof HC;
  /** Changes to the viewer the permissions call describes. */
  viewer?: Partial<ViewerInfo>;
  people?: RosterEntry[];
  agency?: Agency;
  write?: (request: RecordedRequest, body: Record<string, unknown>) => Response | undefined;
  /** Fails GET /api/roster with this status. */
  rosterStatus?: number;
  /** GET /api/duty/hours (issue 24); not served (404) when absent. */
  hours?: RosterHours;
}

function serve({ me = HC, viewer, people = roster(), agency = rawlife(), write, rosterStatus, hours }: ServeOptions = {}) {
  const writes: { method: string; url: string; body: Record<string, unknown> }[] = [];
  let rosterReads = 0;
  const server = serveAgency({
    me,
    highCommand: me === HC,
    viewer,
    agencies: [agency],
    handle: (request, url) => {
      if (url.pathname === '/api/roster' && request.method === 'GET') {
        rosterReads += 1;
        return rosterStatus === undefined ? json(people) : json({ error: 'database down' }, rosterStatus);
      }
      if (url.pathname === '/api/structure') return json(structure());
      if (url.pathname === '/api/duty/hours' && hours !== undefined) return json(hours);
      if (url.pathname === '/api/roster/callsigns') {
        // One page of the free callsigns, and how many there are in all.
        return json(
          url.searchParams.get('rank') === 'patrol-dep'
            ? { available: ['A-102', 'A-103'], total: 98 }
            : { available: ['S-11'], total: 29 },
        );
      }
      if (url.pathname.startsWith('/api/roster') && (request.method === 'POST' || request.method === 'PATCH')) {
        const body = bodyOf(request) as Record<string, unknown>;
        writes.push({ method: request.method, url: request.url, body });
        const answer = write?.(request, body);
        if (answer) return answer;
        const entry = rosterEntry({ id: 99, name: String(body.name), callsign: (body.callsign as string | null) ?? null });
        return json(entry, request.method === 'POST' ? 201 : 200);
      }
      return undefined;
    },
  });
  return { server, writes, rosterReads: () => rosterReads };
}

async function table(): Promise<HTMLElement> {
  return screen.findByRole('table', { name: 'Roster' }, { timeout: 3000 });
}

/** Serves the roster (`serve`), opens /roster and waits for the table. */
async function openRoster(options: ServeOptions = {}) {
  const served = serve(options);
  const user = userEvent.setup();
  renderApp('/roster');
  return { ...served, user, list: await table() };
}

const rowNames = () =>
  screen.getAllByTestId('roster-row').map((row) => within(row).getAllByRole('cell')[1]?.textContent ?? '');

async function choose(user: ReturnType<typeof userEvent.setup>, scope: HTMLElement, label: string, option: string) {
  await user.click(within(scope).getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('RosterPage', { timeout: 20_000 }, () => {
  beforeEach(resetAppStores);

  it('lists people in structure rank order with every column, and Add/Edit for managers', async () => {
    const { list } = await openRoster();
    const headers = within(list)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual([
      'Rank ▲',
      'Name ↕',
      'Callsign ↕',
      'Department',
      'Region',
      'Status',
      'Hours 7\u00a0d ↕',
      'Hours 30\u00a0d ↕',
      'Qualifications',
      'Hire Date',
      'Rank Change',
      'Time in Grade',
      'Actions',
    ]);
    expect(rowNames()).toEqual(['Alex Mercer', 'Casey Nguyen', 'Eli Stone', 'Dana Fox', 'Bo Diaz']);
    const bo = screen.getAllByTestId('roster-row')[4]!;
    expect(within(bo).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      'Deputy',
      'Bo Diaz',
      'A-101',
      'Patrol Division',
      'Paleto Bay',
      'Active',
      // No hours answer here: unknown.
      '-',
      '-',
      '',
      '2025-01-01',
      '2025-12-01',
      '2 mo 15 d',
      'Edit',
    ]);
    expect(bo.querySelector('img')?.getAttribute('src')).toBe('/insignia/deputy.png');
    expect(screen.getByRole('button', { name: '+ Add New' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit Bo Diaz' })).toBeTruthy();
    expect(screen.getByTestId('roster-count').textContent).toBe('Showing 1–5 of 5');
  });

  it.each([
    { who: 'a deputy outside rosterManageLevels', me: DEPUTY, agency: rawlife(), manages: false, actionsColumn: false },
    { who: "a supervisor the agency's rosterManageLevels name", me: SUPERVISOR, agency: rawlife({ rosterManageLevels: ['Supervisor'] }), manages: true, actionsColumn: true },
    // A roster manager who may assign no level edits nobody.
    { who: 'a manager who may assign no level', me: DEPUTY, agency: rawlife({ rosterManageLevels: ['Deputy'] }), manages: false, actionsColumn: null },
  ])('offers Add New and Edit to $who: $manages', async ({ me, agency, manages, actionsColumn }) => {
    await openRoster({ me, agency });
    expect(screen.queryByRole('button', { name: '+ Add New' }) !== null).toBe(manages);
    expect(screen.queryByRole('button', { name: 'Edit Bo Diaz' }) !== null).toBe(manages);
    expect(screen.queryAllByRole('button', { name: /^Edit / }).length > 0).toBe(manages);
    if (actionsColumn !== null) expect(screen.queryByRole('columnheader', { name: 'Actions' }) !== null).toBe(actionsColumn);
  });

  it('offers Command only the people and ranks below their own level', async () => {
    const { user } = await openRoster({ me: COMMAND });
    // Deputies and the supervisor: yes; High Command, a fellow Command and themself: no.
    for (const name of ['Bo Diaz', 'Casey Nguyen', 'Dana Fox']) {
      expect(screen.getByRole('button', { name: `Edit ${name}` })).toBeTruthy();
    }
    for (const name of ['Alex Mercer', 'Eli Stone']) {
      expect(screen.queryByRole('button', { name: `Edit ${name}` })).toBeNull();
    }
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: '+ Add New' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Person' });
    await user.click(within(dialog).getByRole('combobox', { name: /^Rank/ }));
    const offered = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(offered).toEqual(['Deputy', 'Sergeant', 'Deputy', 'Recruit']);
    expect(screen.queryByRole('option', { name: 'High Command' })).toBeNull();
    expect(screen.queryByRole('option', { name: 'Lieutenant' })).toBeNull();
  });

  it("keeps High Command's own rank, department and status as they are", async () => {
    const { user } = await openRoster();
    await user.click(screen.getByRole('button', { name: 'Edit Alex Mercer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Person' });
    expect(within(dialog).getByText(OWN_ENTRY_HINT)).toBeTruthy();
    const rank = within(dialog).getByRole<HTMLInputElement>('combobox', { name: /^Rank/ });
    expect(rank.value).toBe('High Command');
    expect(rank.disabled).toBe(true);
    expect(within(dialog).getByRole<HTMLInputElement>('combobox', { name: 'Department' }).disabled).toBe(true);
    expect(within(dialog).getByRole<HTMLInputElement>('combobox', { name: 'Status' }).disabled).toBe(true);
    // The rest of the entry stays editable.
    expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: /^Name/ }).disabled).toBe(false);
    expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Region' }).disabled).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Edit Bo Diaz' }));
    const other = await screen.findByRole('dialog', { name: 'Edit Person' });
    expect(within(other).queryByText(OWN_ENTRY_HINT)).toBeNull();
    expect(within(other).getByRole<HTMLInputElement>('combobox', { name: /^Rank/ }).disabled).toBe(false);
  });

  it('shows the LOA notice and no Add or Edit to a manager on leave of absence', async () => {
    await openRoster({ viewer: { canManage: false, assignableLevels: [] } });
    expect(screen.getByText(LOA_NOTICE)).toBeTruthy();
    expect(screen.queryByRole('button', { name: '+ Add New' })).toBeNull();
    expect(screen.queryAllByRole('button', { name: /^Edit / })).toHaveLength(0);
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
  });

  it('shows no LOA notice to members who may manage', async () => {
    await openRoster({ me: COMMAND });
    expect(screen.queryByText(LOA_NOTICE)).toBeNull();
  });

  it('limits the text fields to what the server accepts', async () => {
    const { user } = await openRoster();
    await user.click(screen.getByRole('button', { name: 'Edit Bo Diaz' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Person' });
    const maxLength = (element: HTMLElement) => element.getAttribute('maxlength');
    expect(maxLength(within(dialog).getByRole('textbox', { name: /^Name/ }))).toBe('120');
    expect(maxLength(within(dialog).getByRole('combobox', { name: /^Callsign/ }))).toBe('16');
    expect(maxLength(within(dialog).getByRole('textbox', { name: 'Region' }))).toBe('60');
    expect(maxLength(within(dialog).getByRole('textbox', { name: 'Discord ID' }))).toBe('60');
    expect(maxLength(within(dialog).getByRole('combobox', { name: 'Action' }))).toBe('120');
    expect(maxLength(within(dialog).getByRole('textbox', { name: 'Reason' }))).toBe('1000');
  });

  it("shows the server's refusal of a promotion", async () => {
    const refusal = 'Only High Command can assign, change or remove High Command ranks and the people who hold them.';
    const { user } = await openRoster({ me: COMMAND, write: () => json({ error: refusal }, 403) });
    await user.click(screen.getByRole('button', { name: 'Edit Dana Fox' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Person' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(screen.getByText('Failed')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Edit Person' })).toBeTruthy();
  });

  it('hides the Callsign column when callsigns are disabled', async () => {
    const { list } = await openRoster({ agency: rawlife({ disableCallsigns: true }) });
    expect(within(list).queryByRole('columnheader', { name: /Callsign/ })).toBeNull();
  });

  it('sorts by name and callsign, toggling the direction', async () => {
    const { user } = await openRoster();
    await user.click(screen.getByRole('button', { name: /^Name/ }));
    expect(rowNames()).toEqual(['Alex Mercer', 'Bo Diaz', 'Casey Nguyen', 'Dana Fox', 'Eli Stone']);
    expect(screen.getByRole('columnheader', { name: /^Name/ }).getAttribute('aria-sort')).toBe('ascending');
    await user.click(screen.getByRole('button', { name: /^Name/ }));
    expect(rowNames()[0]).toBe('Eli Stone');
    expect(screen.getByRole('columnheader', { name: /^Name/ }).getAttribute('aria-sort')).toBe('descending');
    await user.click(screen.getByRole('button', { name: /^Callsign/ }));
    expect(rowNames()).toEqual(['Bo Diaz', 'Eli Stone', 'Alex Mercer', 'Casey Nguyen', 'Dana Fox']);
  });

  it('filters by search, status and department, with an empty state', async () => {
    const { user } = await openRoster();
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'paleto');
    expect(rowNames()).toEqual(['Bo Diaz']);
    await user.clear(screen.getByRole('searchbox', { name: 'Search' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'patrol');
    expect(rowNames()).toEqual(['Eli Stone', 'Dana Fox', 'Bo Diaz']);
    await choose(user, document.body, 'Status', 'LOA');
    expect(rowNames()).toEqual(['Dana Fox']);
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'zzz');
    expect(screen.getByTestId('roster-empty').textContent).toBe('No people match these filters.');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(rowNames()).toHaveLength(5);
    await choose(user, document.body, 'Department', 'Headquarters');
    expect(rowNames()).toEqual(['Alex Mercer', 'Casey Nguyen']);
  });

  it('pages by 10, 20, 50 or All', async () => {
    const people = Array.from({ length: 25 }, (_, index) =>
      rosterEntry({ id: 100 + index, name: `Person ${String(index + 1).padStart(2, '0')}`, callsign: `A-${100 + index}` }),
    );
    const { user } = await openRoster({ people });
    expect(screen.getByTestId('roster-count').textContent).toBe('Showing 1–20 of 25');
    await user.click(screen.getByRole('button', { name: '10' }));
    expect(screen.getAllByTestId('roster-row')).toHaveLength(10);
    await user.click(screen.getByRole('button', { name: 'next page' }));
    expect(screen.getByTestId('roster-count').textContent).toBe('Showing 11–20 of 25');
    await user.click(screen.getByRole('button', { name: 'All' }));
    expect(screen.getAllByTestId('roster-row')).toHaveLength(25);
    expect(screen.getByRole('button', { name: 'All' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('shows an empty roster', async () => {
    serve({ people: [] });
    renderApp('/roster');
    expect((await screen.findByTestId('roster-empty', {}, { timeout: 3000 })).textContent).toBe('No people on the roster yet.');
  });

  it('shows a load error', async () => {
    serve({ rosterStatus: 500 });
    renderApp('/roster');
    expect(await screen.findByText('Roster unavailable', {}, { timeout: 3000 })).toBeTruthy();
    expect(screen.getByText('database down')).toBeTruthy();
  });

  it('checks the required fields, then adds a person with an offered callsign', async () => {
    const { writes, rosterReads, user } = await openRoster();
    await user.click(screen.getByRole('button', { name: '+ Add New' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Person' });
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Missing fields')).toBeTruthy();
    expect(screen.getByText('Name, Callsign and Rank are required.')).toBeTruthy();
    expect(writes).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Jo Park');
    await choose(user, dialog, 'Department', 'Patrol Division');
    await choose(user, dialog, 'Rank', 'Deputy');
    // The count of all free callsigns, not of the page listed.
    expect(await within(dialog).findByText('98 free for this rank')).toBeTruthy();
    await user.click(within(dialog).getByRole('combobox', { name: /^Callsign/ }));
    await user.click(await screen.findByRole('option', { name: 'A-102' }));
    await choose(user, dialog, 'Sub-department', 'K9 Unit');
    // A new department clears rank, sub-department and roles.
    await choose(user, dialog, 'Department', 'Headquarters');
    expect(within(dialog).getByRole<HTMLInputElement>('combobox', { name: /^Rank/ }).value).toBe('');
    await choose(user, dialog, 'Department', 'Patrol Division');
    await choose(user, dialog, 'Rank', 'Deputy');
    await user.type(within(dialog).getByRole('textbox', { name: 'Discord ID' }), ' 123456789 ');
    const reads = rosterReads();
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));

    expect(await screen.findByText('Added')).toBeTruthy();
    expect(screen.getByText('Jo Park (A-102) added.')).toBeTruthy();
    expect(writes[0]?.method).toBe('POST');
    expect(writes[0]?.body).toEqual({
      name: 'Jo Park',
      callsign: 'A-102',
      region: null,
      status: 'Active',
      discordId: '123456789',
      departmentId: 'patrol',
      rankId: 'patrol-dep',
      rank: 'Deputy',
      subDeptId: null,
      roles: [],
    });
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'Add New Person' })).toBeNull();
    });
    expect(rosterReads()).toBeGreaterThan(reads);
  });

  it("names the server's error, or 'Unknown error' for an unreadable answer", async () => {
    let answer = json({ error: 'Callsign A-102 is already assigned to Bo Diaz' }, 409);
    const { user } = await openRoster({ write: () => answer });
    await user.click(screen.getByRole('button', { name: '+ Add New' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Person' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Jo Park');
    await choose(user, dialog, 'Rank', 'Sergeant');
    expect(within(dialog).getByRole<HTMLInputElement>('combobox', { name: 'Department' }).value).toBe('Patrol Division');
    await user.type(within(dialog).getByRole('combobox', { name: /^Callsign/ }), 'A 102');
    expect(within(dialog).getByRole<HTMLInputElement>('combobox', { name: /^Callsign/ }).value).toBe('A102');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Callsign A-102 is already assigned to Bo Diaz')).toBeTruthy();
    expect(screen.getByText('Failed')).toBeTruthy();

    answer = new Response('<html>bad gateway</html>', { status: 502 });
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Unknown error')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Add New Person' })).toBeTruthy();
  });

  it('edits a person with an action and reason, sending the version', async () => {
    const { writes, user } = await openRoster();
    await user.click(screen.getByRole('button', { name: 'Edit Bo Diaz' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Person' });
    expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: /^Name/ }).value).toBe('Bo Diaz');
    await choose(user, dialog, 'Rank', 'Sergeant');
    await user.type(within(dialog).getByRole('combobox', { name: 'Action' }), 'Promotion');
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Test');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Updated')).toBeTruthy();
    expect(screen.getByText('Bo Diaz saved.')).toBeTruthy();
    expect(writes[0]?.method).toBe('PATCH');
    expect(writes[0]?.url).toBe('/api/roster/5?agency=rawlife');
    expect(writes[0]?.body).toMatchObject({
      name: 'Bo Diaz',
      callsign: 'A-101',
      region: 'Paleto Bay',
      departmentId: 'patrol',
      rankId: 'patrol-sgt',
      rank: 'Sergeant',
      version: 1,
      action: 'Promotion',
      reason: 'Test',
    });
  });

  it("offers the new rank's callsigns after a rank change and says when the kept one lies outside its pools", async () => {
    const { writes, user } = await openRoster({
      write: (_request, body) =>
        json({ ...rosterEntry({ id: 5, name: 'Bo Diaz', callsign: String(body.callsign), rank: 'Sergeant' }), callsignOutsidePools: true }),
    });
    await user.click(screen.getByRole('button', { name: 'Edit Bo Diaz' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Person' });
    expect(within(dialog).queryByTestId('callsign-outside-pools')).toBeNull();
    await choose(user, dialog, 'Rank', 'Sergeant');
    // Before (issue 11): the old callsign stayed, unflagged, and no callsign was offered.
    const warning = await within(dialog).findByTestId('callsign-outside-pools');
    expect(warning.textContent).toBe(
      'A-101 is not one of the Sergeant callsigns: pick one of the 29 free callsigns, or keep it to assign it by hand.',
    );
    await user.click(within(dialog).getByRole('combobox', { name: /^Callsign/ }));
    expect(await screen.findByRole('option', { name: 'S-11' })).toBeTruthy();
    // Kept by hand: saved, and the confirmation says so.
    await user.keyboard('{Escape}');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Updated')).toBeTruthy();
    expect(screen.getByText(/A-101 lies outside the Sergeant callsign pools \(assigned by hand\)\./)).toBeTruthy();
    expect(writes[0]?.body).toMatchObject({ callsign: 'A-101', rankId: 'patrol-sgt' });
  });

  it('reloads the person into the dialog after a stale edit', async () => {
    const current = { ...roster()[0]!, name: 'Bo Diaz-Reyes', region: 'Vespucci', version: 2 };
    const { writes, user } = await openRoster({
      write: (_request, body) =>
        body.version === 1
          ? json({ error: 'Someone else changed this person since you opened them.', current }, 409)
          : json({ ...current, version: 3 }),
    });
    await user.click(screen.getByRole('button', { name: 'Edit Bo Diaz' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Person' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Someone else changed this person since you opened them.')).toBeTruthy();
    await waitFor(() => {
      expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: /^Name/ }).value).toBe('Bo Diaz-Reyes');
    });
    expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Region' }).value).toBe('Vespucci');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Bo Diaz-Reyes saved.')).toBeTruthy();
    expect(writes.map((write) => write.body.version)).toEqual([1, 2]);
  });

  it("reports 'Update failed' when the server gives no reason", async () => {
    const { user } = await openRoster({ write: () => json({}, 500) });
    await user.click(screen.getByRole('button', { name: 'Edit Bo Diaz' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Person' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Update failed')).toBeTruthy();
  });

  it('joins every member’s duty hours from one request: columns, sort, on-duty marker and the Duty filter (issue 24)', async () => {
    const line = (rosterId: number, hoursWeek: number, hours30Days: number, extra: Partial<RosterHours['members'][number]> = {}) => ({
      rosterId,
      hoursWeek,
      hours30Days,
      lastDutyAt: '2026-12-06T20:00:00Z',
      onDutySince: null,
      inactive: false,
      ...extra,
    });
    const { server, user, list } = await openRoster({
      hours: {
        inactiveAfterDays: 21,
        members: [line(5, 3.5, 10), line(4, 12.25, 20, { onDutySince: '2026-12-07T14:05:00Z' }), line(7, 0, 0, { inactive: true, lastDutyAt: null })],
      },
    });
    const cell = (name: string, testId: string) =>
      within(screen.getAllByTestId('roster-row').find((row) => row.textContent.includes(name))!).getByTestId(testId).textContent;
    await waitFor(() => {
      expect(cell('Casey Nguyen', 'hours-week')).toBe('12.3 h');
    });
    expect(cell('Casey Nguyen', 'hours-30-days')).toBe('20 h');
    expect(cell('Bo Diaz', 'hours-week')).toBe('3.5 h');
    // Left out of the answer: no hours.
    expect(cell('Alex Mercer', 'hours-week')).toBe('0 h');
    expect(server.requests.filter((request) => new URL(request.url, 'http://localhost').pathname === '/api/duty/hours')).toHaveLength(1);
    const casey = screen.getAllByTestId('roster-row').find((row) => row.textContent.includes('Casey Nguyen'))!;
    expect(within(casey).getByTestId('on-duty-marker').textContent).toBe('On duty');
    const eli = screen.getAllByTestId('roster-row').find((row) => row.textContent.includes('Eli Stone'))!;
    expect(within(eli).getByTestId('inactive-marker').textContent).toBe('Inactive: no duty in 21 days');

    // The most hours first on the first click; ties by name.
    await user.click(within(list).getByRole('button', { name: /^Hours\s7\sd/ }));
    expect(within(list).getByRole('columnheader', { name: /^Hours\s7\sd/ }).getAttribute('aria-sort')).toBe('descending');
    const names = () => screen.getAllByTestId('roster-row').map((row) => within(row).getAllByRole('cell')[1]?.querySelector('p')?.textContent);
    expect(casey.querySelector('[data-testid="on-duty-marker"]')?.closest('td')).toBe(within(casey).getAllByRole('cell')[1]);
    expect(names()).toEqual(['Casey Nguyen', 'Bo Diaz', 'Alex Mercer', 'Dana Fox', 'Eli Stone']);
    await user.click(within(list).getByRole('button', { name: /^Hours\s7\sd/ }));
    expect(names()).toEqual(['Alex Mercer', 'Dana Fox', 'Eli Stone', 'Bo Diaz', 'Casey Nguyen']);

    const filters = screen.getByRole('region', { name: 'Filters' });
    await choose(user, filters, 'Duty', 'Inactive (21+ days)');
    expect(names()).toEqual(['Eli Stone']);
    await choose(user, filters, 'Duty', 'On duty now');
    expect(names()).toEqual(['Casey Nguyen']);
  });
});
