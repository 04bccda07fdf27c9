import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { MyDuty, Shift } from '@/api/duty';
import type { Me } from '@/api/types';
import { renderApp, resetAppStores } from '@/test-utils/app';
import { shiftOf } from '@/test-utils/duty';
import { bodyOf, json, rosterEntry, serveAgency, signedIn, type RecordedRequest } from '@/test-utils/fixtures';
import { screen, waitFor, within } from '@/test-utils/render';
import { emulatePhone } from '@/test-utils/viewport';

const ME = signedIn(rosterEntry({ name: 'Casey Nguyen', callsign: 'R-13', departmentName: 'Patrol Division' }));

/** Casey's shift under way for 83 minutes. */
function shift(overrides: Partial<Shift> = {}): Shift {
  return shiftOf({ startedAt: new Date(Date.now() - 83 * 60_000).toISOString(), endedAt: null, endedBy: null, hours: 1.38, ...overrides });
}

function duty(open: Shift | null): MyDuty {
  return { open, hoursWeek: 3, hours30Days: 12, weeks: [], recent: [], autoCloseHours: 12 };
}

/** Serves the member's duty; clock-in and clock-out answer as the server does and are recorded. */
function serve({ me = ME, open = null as Shift | null, refuse = null as string | null } = {}) {
  let current = open;
  const clocks: { path: string; body: unknown }[] = [];
  const server = serveAgency({
    me,
    handle: (request: RecordedRequest, url) => {
      if (url.pathname === '/api/duty/me') return json(duty(current));
      if (url.pathname === '/api/duty/clock-in' && request.method === 'POST') {
        clocks.push({ path: url.pathname, body: bodyOf(request) });
        if (refuse !== null) return json({ error: refuse }, 403);
        const body = bodyOf(request) as { unit: string | null; callsign: string | null };
        current = shift({ startedAt: new Date().toISOString(), unit: body.unit ?? 'Patrol Division', callsign: body.callsign ?? 'R-13', hours: 0 });
        return json(current, 201);
      }
      if (url.pathname === '/api/duty/clock-out' && request.method === 'POST') {
        clocks.push({ path: url.pathname, body: bodyOf(request) });
        const ended = { ...(current ?? shift()), endedAt: new Date().toISOString() };
        current = null;
        return json(ended);
      }
      return undefined;
    },
  });
  return { server, clocks };
}

async function bar(): Promise<HTMLElement> {
  return screen.findByRole('banner', {}, { timeout: 3000 });
}

describe('the duty clock of the top bar', { timeout: 20_000 }, () => {
  beforeEach(resetAppStores);

  it('clocks a member in with one click, shows the running time, and clocks out from its popover', async () => {
    const { clocks } = serve();
    const user = userEvent.setup();
    renderApp('/');
    const header = await bar();
    await user.click(await within(header).findByRole('button', { name: 'Clock in' }, { timeout: 3000 }));
    // One click: nothing asked, the member's own unit and callsign (the server's defaults).
    expect(clocks).toEqual([{ path: '/api/duty/clock-in', body: { unit: null, callsign: null } }]);
    expect(await screen.findByText('Clocked in')).toBeTruthy();
    expect(screen.getByText(/^On duty since \d\d:\d\d \(R-13, Patrol Division\)\.$/)).toBeTruthy();
    const running = await within(header).findByTestId('duty-running-time');
    expect(running.textContent).toBe('00:00');
    expect(within(header).getByRole('button', { name: 'On duty for 0 min' })).toBeTruthy();

    await user.click(within(header).getByTestId('duty-clock'));
    await user.click(await screen.findByRole('button', { name: 'Clock out' }));
    expect(clocks.map((clock) => clock.path)).toEqual(['/api/duty/clock-in', '/api/duty/clock-out']);
    expect(await screen.findByText('Clocked out')).toBeTruthy();
    expect(screen.getByText(/^Off duty: \d+ (min|h)/)).toBeTruthy();
    expect(await within(header).findByRole('button', { name: 'Clock in' })).toBeTruthy();
  });

  it('shows the running time of a shift under way as hh:mm', async () => {
    serve({ open: shift() });
    renderApp('/');
    const header = await bar();
    expect((await within(header).findByTestId('duty-running-time', {}, { timeout: 3000 })).textContent).toBe('01:23');
    expect(within(header).getByRole('button', { name: 'On duty for 1 h 23 min' })).toBeTruthy();
  });

  it('names the unit and callsign first when asked, filled with the member’s own', async () => {
    const { clocks } = serve();
    const user = userEvent.setup();
    renderApp('/');
    const header = await bar();
    await user.click(await within(header).findByRole('button', { name: 'Clock in as…' }, { timeout: 3000 }));
    const form = await screen.findByRole('form', { name: 'Clock in as' });
    const unit = within(form).getByRole<HTMLInputElement>('textbox', { name: /^Department or unit/ });
    expect(unit.value).toBe('Patrol Division');
    expect(within(form).getByRole<HTMLInputElement>('textbox', { name: /^Callsign/ }).value).toBe('R-13');
    await user.clear(unit);
    await user.type(unit, 'Traffic');
    await user.click(within(form).getByRole('button', { name: 'Clock in' }));
    await waitFor(() => {
      expect(clocks).toEqual([{ path: '/api/duty/clock-in', body: { unit: 'Traffic', callsign: 'R-13' } }]);
    });
    expect(await screen.findByText(/^On duty since \d\d:\d\d \(R-13, Traffic\)\.$/)).toBeTruthy();
  });

  it("shows the server's refusal", async () => {
    serve({ refuse: 'Members on leave of absence cannot go on duty.' });
    const user = userEvent.setup();
    renderApp('/');
    const header = await bar();
    await user.click(await within(header).findByRole('button', { name: 'Clock in' }, { timeout: 3000 }));
    expect(await screen.findByText('Not clocked in')).toBeTruthy();
    expect(screen.getByText('Members on leave of absence cannot go on duty.')).toBeTruthy();
  });

  it.each<[string, Me]>([
    ['a signed-in user without a roster entry', signedIn(null)],
    ['a member on leave of absence', signedIn(rosterEntry({ status: 'LOA' }))],
    ['a suspended member', signedIn(rosterEntry({ status: 'Suspended' }))],
  ])('is not shown to %s', async (_who, me) => {
    const { server } = serve({ me });
    renderApp('/');
    const header = await bar();
    await within(header).findByRole('button', { name: 'Switch agency' }, { timeout: 3000 });
    await waitFor(() => {
      expect(screen.queryByTestId('duty-clock')).toBeNull();
    });
    if (me.rosterMatches.length === 0) {
      expect(server.requests.some((request) => request.url.startsWith('/api/duty/me'))).toBe(false);
    }
  });

  it('lets a member on leave still clock out of a shift under way', async () => {
    serve({ me: signedIn(rosterEntry({ status: 'LOA' })), open: shift() });
    renderApp('/');
    const header = await bar();
    expect(await within(header).findByTestId('duty-running-time', {}, { timeout: 3000 })).toBeTruthy();
  });

  it('takes a strip of its own under the bar on a phone', async () => {
    emulatePhone();
    serve({ open: shift() });
    renderApp('/');
    const strip = await screen.findByTestId('duty-strip', {}, { timeout: 3000 });
    expect(strip.textContent).toMatch(/^On duty since \d\d:\d\d · R-13/);
    expect(within(strip).getByTestId('duty-running-time').textContent).toBe('01:23');
    // Only one clock on the page.
    expect(screen.getAllByTestId('duty-clock')).toHaveLength(1);
  });
});
