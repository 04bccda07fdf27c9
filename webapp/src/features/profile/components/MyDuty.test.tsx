import { beforeEach, describe, expect, it } from 'vitest';
import type { MyDuty, Shift } from '@/api/duty';
import { renderApp, resetAppStores } from '@/test-utils/app';
import { shiftOf } from '@/test-utils/duty';
import { json, rosterEntry, serveAgency, signedIn } from '@/test-utils/fixtures';
import { screen, within } from '@/test-utils/render';

const ME = signedIn(rosterEntry({ name: 'Casey Nguyen' }));

function shift(id: number, overrides: Partial<Shift> = {}): Shift {
  return shiftOf({ id, ...overrides });
}

function serve(duty: MyDuty | { status: number; error: string }) {
  serveAgency({
    me: ME,
    handle: (_request, url) => {
      if (url.pathname === '/api/duty/me') return 'status' in duty ? json({ error: duty.error }, duty.status) : json(duty);
      if (url.pathname === '/api/roster/4/qualifications') return json({ holdings: [], canManage: false });
      if (url.pathname === '/api/leave') return json([]);
      return undefined;
    },
  });
}

const WEEKS = ['2026-10-19', '2026-10-26', '2026-11-02', '2026-11-09', '2026-11-16', '2026-11-23', '2026-11-30', '2026-12-07'].map((week, i) => ({
  week,
  hours: i * 2.5,
}));

describe('Profile: Duty', { timeout: 20_000 }, () => {
  beforeEach(resetAppStores);

  it('shows the hours of 7 and 30 days, the shift under way, the weekly chart and the latest shifts', async () => {
    const open = shift(9, { startedAt: new Date(Date.now() - 95 * 60_000).toISOString(), endedAt: null, hours: 1.58 });
    serve({
      open,
      hoursWeek: 7.25,
      hours30Days: 31,
      weeks: WEEKS,
      recent: [open, shift(8, { autoClosed: true, hours: 12 }), shift(7, { corrected: true })],
      autoCloseHours: 12,
    });
    renderApp('/profile');
    const duty = await screen.findByRole('region', { name: 'Duty' }, { timeout: 3000 });
    expect((await within(duty).findByTestId('my-hours-week')).textContent).toBe('7.3 h');
    expect(within(duty).getByTestId('my-hours-30-days').textContent).toBe('31 h');
    const current = within(duty).getByTestId('my-current-shift');
    expect(current.textContent).toContain('01:35');
    expect(current.textContent).toMatch(/Since \d\d:\d\d · R-13 · Patrol Division/);
    expect(within(duty).getByRole('figure', { name: 'Hours per week, the last eight weeks' })).toBeTruthy();
    // The open shift is not among the latest shifts; the ended ones carry their flags.
    const shifts = within(duty).getAllByTestId('my-shift');
    expect(shifts).toHaveLength(2);
    expect(shifts[0]!.textContent).toContain('Auto-closed');
    expect(shifts[0]!.textContent).toContain('12 h');
    expect(shifts[1]!.textContent).toContain('Corrected');
  });

  it('says off duty and that there is no shift yet', async () => {
    serve({ open: null, hoursWeek: 0, hours30Days: 0, weeks: WEEKS.map((w) => ({ ...w, hours: 0 })), recent: [], autoCloseHours: 12 });
    renderApp('/profile');
    const duty = await screen.findByRole('region', { name: 'Duty' }, { timeout: 3000 });
    expect((await within(duty).findByTestId('my-current-shift')).textContent).toContain('Off duty');
    expect(within(duty).getByTestId('my-shifts-empty').textContent).toBe('No shift yet: clock in from the top bar.');
  });

  it("shows the server's sentence when the duty cannot be read", async () => {
    serve({ status: 500, error: 'database down' });
    renderApp('/profile');
    const duty = await screen.findByRole('region', { name: 'Duty' }, { timeout: 3000 });
    expect((await within(duty).findByRole('alert')).textContent).toBe('database down');
  });
});
