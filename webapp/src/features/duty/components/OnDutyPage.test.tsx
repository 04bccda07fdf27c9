import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Shift, ShiftDetail } from '@/api/duty';
import type { components } from '@/api/schema';
import { renderApp, resetAppStores } from '@/test-utils/app';
import { shiftOf } from '@/test-utils/duty';
import { bodyOf, json, rosterEntry, serveAgency, signedIn, type RecordedRequest } from '@/test-utils/fixtures';
import { screen, waitFor, within } from '@/test-utils/render';

type DutySettings = components['schemas']['DutySettings'];

/** Sam, a supervisor (roster id 3). */
const SAM = signedIn(rosterEntry({ id: 3, name: 'Sam Whitaker', level: 'supervisor', rank: 'Sergeant', callsign: 'R-12' }));
const HOUR = 3_600_000;
const ago = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();

function shift(id: number, member: string, rosterId: number, overrides: Partial<Shift> = {}): Shift {
  const callsign = `A-${String(100 + id)}`;
  return shiftOf({ id, rosterId, member, callsign, startedAt: ago(30), endedAt: ago(26), startedBy: member, endedBy: member, ...overrides });
}

const OPEN = [
  shift(1, 'Dakota Vance', 9, { startedAt: new Date(Date.now() - 76 * 60_000).toISOString(), endedAt: null, hours: 1.27 }),
  shift(2, 'Sam Whitaker', 3, { startedAt: new Date(Date.now() - 5 * 60_000).toISOString(), endedAt: null, hours: 0.08, callsign: 'R-12' }),
];
const RECENT = [
  shift(11, 'Jordan Reyes', 2),
  shift(12, 'Alex Mercer', 1, { autoClosed: true, hours: 12, startedAt: ago(40), endedAt: ago(28) }),
  shift(13, 'Casey Nguyen', 4, { corrected: true, source: 'game' }),
];

interface ServeOptions {
  highCommand?: boolean;
  settings?: Partial<DutySettings>;
  /** The answer to a correction (the refusal of one's own shift). */
  refuse?: { status: number; error: string };
}

function serve({ highCommand = false, settings = {}, refuse }: ServeOptions = {}) {
  const writes: { method: string; path: string; body: unknown }[] = [];
  let saved: DutySettings = { autoCloseHours: 12, inactiveAfterDays: 21, canEdit: highCommand, ...settings };
  serveAgency({
    me: SAM,
    highCommand,
    handle: (request: RecordedRequest, url) => {
      if (url.pathname === '/api/duty/now') return json({ open: OPEN, recent: RECENT, autoCloseHours: 12 });
      if (url.pathname === '/api/duty/me') return json({ open: OPEN[1], hoursWeek: 1, hours30Days: 1, weeks: [], recent: [], autoCloseHours: 12 });
      if (url.pathname === '/api/duty/settings' && request.method === 'GET') return json(saved);
      if (url.pathname === '/api/duty/settings' && request.method === 'PUT') {
        const body = bodyOf(request) as { autoCloseHours: number; inactiveAfterDays: number | null };
        writes.push({ method: 'PUT', path: url.pathname, body });
        saved = { ...saved, ...body };
        return json(saved);
      }
      const match = /^\/api\/duty\/shifts\/(\d+)$/.exec(url.pathname);
      if (match !== null) {
        const found = [...OPEN, ...RECENT].find((s) => s.id === Number(match[1]))!;
        if (request.method === 'GET') {
          const corrections =
            found.corrected
              ? [{ id: 1, startedBefore: found.startedAt, endedBefore: ago(20), startedAfter: found.startedAt, endedAfter: found.endedAt, reason: 'Forgot to clock out.', correctedBy: 'Jordan Reyes', createdAt: ago(10) }]
              : [];
          return json({ ...found, corrections } satisfies ShiftDetail);
        }
        if (request.method === 'PATCH') {
          writes.push({ method: 'PATCH', path: url.pathname, body: bodyOf(request) });
          if (refuse !== undefined) return json({ error: refuse.error }, refuse.status);
          const body = bodyOf(request) as { startedAt: string; endedAt: string | null; reason: string };
          return json({ ...found, ...body, corrected: true, corrections: [] });
        }
      }
      return undefined;
    },
  });
  return { writes };
}

async function openPage(options: ServeOptions = {}) {
  const served = serve(options);
  const user = userEvent.setup();
  renderApp('/supervisor/duty');
  await screen.findByRole('heading', { level: 1, name: 'On duty' }, { timeout: 3000 });
  await screen.findByRole('table', { name: 'On duty now' }, { timeout: 3000 });
  return { ...served, user };
}

describe('Supervisor → On duty', { timeout: 20_000 }, () => {
  beforeEach(resetAppStores);

  it('lists who is on duty with their running time, and the last week’s shifts with their flags', async () => {
    await openPage();
    const now = await screen.findByRole('table', { name: 'On duty now' });
    const rows = within(now).getAllByTestId('on-duty');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByTestId('running-time').textContent).toBe('01:16');
    expect(rows[0]!.textContent).toContain('Dakota Vance');
    expect(rows[0]!.textContent).toContain('Patrol Division');
    expect(rows[1]!.textContent).toContain('You');
    expect(screen.getByRole('heading', { name: 'On duty now (2)' })).toBeTruthy();

    const recent = screen.getByRole('table', { name: 'Shifts of the last 7 days' });
    const flags = (member: string) =>
      within(within(recent).getAllByTestId('recent-shift').find((row) => row.textContent.includes(member))!).queryByTestId('shift-flags')?.textContent ?? '';
    expect(flags('Alex Mercer')).toBe('Auto-closed');
    expect(flags('Casey Nguyen')).toBe('CorrectedGame server');
    expect(flags('Jordan Reyes')).toBe('');
  });

  it('finds shifts of the last week by member', async () => {
    const { user } = await openPage();
    await user.type(screen.getByRole('searchbox', { name: 'Find a shift' }), 'casey');
    const recent = screen.getByRole('table', { name: 'Shifts of the last 7 days' });
    expect(within(recent).getAllByTestId('recent-shift').map((row) => row.textContent.includes('Casey Nguyen'))).toEqual([true]);
    await user.type(screen.getByRole('searchbox', { name: 'Find a shift' }), 'zzz');
    expect(screen.getByTestId('recent-shifts-none').textContent).toBe('No shift of the last 7 days matches.');
  });

  it('corrects a shift with a reason, and shows the corrections made before', async () => {
    const { user, writes } = await openPage();
    await user.click(screen.getByRole('button', { name: /^Correct the shift of Casey Nguyen/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Correct the shift of Casey Nguyen' });
    const history = await within(dialog).findByTestId('shift-correction');
    expect(history.textContent).toContain('by Jordan Reyes');
    expect(history.textContent).toContain('Forgot to clock out.');

    await user.click(within(dialog).getByRole('button', { name: 'Save correction' }));
    expect(within(dialog).getByText('Say why the shift is corrected.')).toBeTruthy();
    expect(writes).toEqual([]);
    await user.type(within(dialog).getByRole('textbox', { name: /^Reason/ }), 'Ended when the last call closed.');
    await user.click(within(dialog).getByRole('button', { name: 'Save correction' }));
    await waitFor(() => {
      expect(writes).toHaveLength(1);
    });
    const body = writes[0]!.body as { startedAt: string; endedAt: string | null; reason: string };
    expect(writes[0]!.path).toBe('/api/duty/shifts/13');
    expect(body.reason).toBe('Ended when the last call closed.');
    // The times as they were, to the minute.
    expect(body.startedAt.slice(0, 16)).toBe(RECENT[2]!.startedAt.slice(0, 16));
    expect(body.endedAt?.slice(0, 16)).toBe(RECENT[2]!.endedAt?.slice(0, 16));
    expect(await screen.findByText('Shift corrected')).toBeTruthy();
  });

  it("shows the server's sentence when a supervisor corrects their own shift", async () => {
    const { user } = await openPage({ refuse: { status: 403, error: 'You cannot correct your own shifts.' } });
    await user.click(screen.getByRole('button', { name: /^Correct the shift of Sam Whitaker/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Correct the shift of Sam Whitaker' });
    expect(within(dialog).getByText('Left empty, the shift stays open.')).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox', { name: /^Reason/ }), 'Mine');
    await user.click(within(dialog).getByRole('button', { name: 'Save correction' }));
    expect((await within(dialog).findByTestId('correct-problem')).textContent).toBe('You cannot correct your own shifts.');
    expect(screen.getByRole('dialog', { name: 'Correct the shift of Sam Whitaker' })).toBeTruthy();
  });

  it('shows the duty settings to a supervisor, read-only', async () => {
    await openPage();
    const summary = await screen.findByTestId('duty-settings-summary');
    expect(summary.textContent).toContain('Open shifts close themselves after 12 hours');
    expect(summary.textContent).toContain('Active members without duty for 21 days count as inactive');
    expect(summary.textContent).toContain('Only High Command changes them.');
    expect(screen.queryByRole('button', { name: 'Save settings' })).toBeNull();
  });

  it('lets High Command change the duty settings, checked as the server checks them', async () => {
    const { user, writes } = await openPage({ highCommand: true });
    const form = await screen.findByRole('form', { name: 'Duty settings' });
    const save = within(form).getByRole<HTMLButtonElement>('button', { name: 'Save settings' });
    expect(save.disabled).toBe(true);
    const hours = within(form).getByRole('textbox', { name: /^Close open shifts after/ });
    await user.clear(hours);
    await user.type(hours, '60');
    await user.click(save);
    expect(within(form).getByText('Shifts close themselves after 1 to 48 hours.')).toBeTruthy();
    await user.clear(hours);
    await user.type(hours, '10');
    // "Never": the number of days goes away and null is sent.
    await user.click(within(form).getByRole('switch', { name: /^Mark members inactive/ }));
    expect(within(form).queryByRole('textbox', { name: /^Inactive after/ })).toBeNull();
    await user.click(save);
    await waitFor(() => {
      expect(writes).toEqual([{ method: 'PUT', path: '/api/duty/settings', body: { autoCloseHours: 10, inactiveAfterDays: null } }]);
    });
    expect(await screen.findByText('Duty settings saved.')).toBeTruthy();
    await waitFor(() => {
      expect(save.disabled).toBe(true);
    });
  });
});
