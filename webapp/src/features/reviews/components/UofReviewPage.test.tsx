import { notifications } from '@mantine/notifications';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UofReport } from '@/api/reports';
import type { ViewerInfo } from '@/api/types';
import { renderApp, resetAppStores } from '@/test-utils/app';
import { bodyOf, json, rosterEntry, serveAgency, signedIn } from '@/test-utils/fixtures';
import { rawlife } from '@/test-utils/organisation';
import { screen, waitFor, within } from '@/test-utils/render';
import { historyEntry, uofReport } from '@/test-utils/reports';

const SUPERVISOR = signedIn(rosterEntry({ id: 3, name: 'Sam Whitaker', rank: 'Sergeant', level: 'supervisor', callsign: 'S-03' }));
const SIGNED_AT = '2026-11-21T12:30:00Z';

interface ServeOptions {
  list?: (status: string | null) => Response;
  viewer?: Partial<ViewerInfo>;
  /** Reports the viewer filed or is listed on. */
  own?: number[];
}

/** The use-of-force calls: a pending, an under-review and a signed report; reviews as the server applies them. */
function serve({ list, viewer, own = [] }: ServeOptions = {}) {
  const reports = new Map<number, UofReport>([
    [11, uofReport()],
    [12, uofReport({ id: 12, incidentNumber: '1041', location: 'Route 68, mile 12', status: 'under_review' })],
    [
      13,
      uofReport({
        id: 13,
        incidentNumber: '1040',
        location: 'Paleto Bay Bank',
        status: 'in_policy',
        officers: [
          { name: 'Casey Nguyen', rank: 'Deputy', callsign: 'R13' },
          { name: 'Jordan Reyes', rank: 'Lieutenant', callsign: 'L2' },
        ],
        supervisorSignedBy: 'Sam Whitaker',
        supervisorSignedAt: SIGNED_AT,
      }),
    ],
  ]);
  for (const id of own) reports.set(id, { ...reports.get(id)!, ownReport: true });
  const lists: (string | null)[] = [];
  const patches: { id: number; body: unknown }[] = [];
  serveAgency({
    me: SUPERVISOR,
    agencies: [rawlife()],
    viewer,
    handle: (request, url) => {
      if (url.pathname === '/api/uof' && request.method === 'GET') {
        const status = url.searchParams.get('status');
        lists.push(status);
        if (list) return list(status);
        return json([...reports.values()].filter((r) => status === null || r.status === status));
      }
      const one = /^\/api\/uof\/(\d+)$/.exec(url.pathname);
      if (one === null) return undefined;
      const id = Number(one[1]);
      const report = reports.get(id);
      if (report === undefined) return json({ error: 'Report not found' }, 404);
      if (request.method === 'GET') return json(report);
      if (request.method === 'PATCH') {
        const body = bodyOf(request) as { action: string | null; status: string | null; supervisorNotes: string | null };
        patches.push({ id, body });
        if (report.ownReport) return json({ error: 'You cannot review your own report.' }, 403);
        const decided = report.status === 'in_policy' || report.status === 'out_of_policy';
        if (decided && body.action === null && (body.status === 'pending' || body.status === 'under_review')) {
          return json({ error: 'This report is signed: its outcome changes only with a new signed decision (Approve & Sign or Deny).' }, 409);
        }
        const to =
          body.action === 'open'
            ? 'under_review'
            : body.action === 'approve'
              ? 'in_policy'
              : body.action === 'deny'
                ? 'out_of_policy'
                : (body.status ?? report.status);
        const signs = body.action === 'approve' || body.action === 'deny';
        const updated: UofReport = {
          ...report,
          status: to,
          supervisorNotes: body.action === 'open' ? report.supervisorNotes : body.supervisorNotes,
          supervisorSignedBy: signs ? 'Sam Whitaker' : report.supervisorSignedBy,
          supervisorSignedAt: signs ? SIGNED_AT : report.supervisorSignedAt,
          history: [...report.history, historyEntry({ fromStatus: report.status, toStatus: to })],
        };
        reports.set(id, updated);
        return json(updated);
      }
      return undefined;
    },
  });
  return { lists, patches };
}

async function loaded() {
  await screen.findByRole('heading', { level: 1, name: 'Use-of-force review' });
  return screen.findAllByTestId('report-row', {}, { timeout: 3000 });
}

/** The status badge of the dialog's review panel. */
const panelStatus = (dialog: HTMLElement) => dialog.querySelector('[data-testid="review-panel"] .report-status')?.textContent;

const rowOf = (text: string) => screen.getAllByTestId('report-row').find((row) => row.textContent.includes(text))!;

describe('UofReviewPage (/supervisor/uof)', { timeout: 20_000 }, () => {
  beforeEach(resetAppStores);
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('lists the reports with Case #, Date, Location, Deputy(s), Status badge and Open', async () => {
    serve();
    renderApp('/supervisor/uof');
    const rows = await loaded();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Case #',
      'Date',
      'Location',
      'Deputy(s)',
      'Status',
      'Actions',
    ]);
    expect(rows).toHaveLength(3);
    const signed = within(rowOf('Paleto Bay Bank'));
    expect(signed.getByText('1040')).toBeTruthy();
    expect(signed.getByText('Casey Nguyen, Jordan Reyes')).toBeTruthy();
    expect(signed.getByText('In Policy')).toBeTruthy();
    expect(within(rowOf('Sandy Shores')).getByText('20 Nov 2026, 21:30')).toBeTruthy();
    expect(within(rowOf('Sandy Shores')).getByText('Pending')).toBeTruthy();
    expect(within(rowOf('Route 68')).getByText('Under Review')).toBeTruthy();
    expect(within(rowOf('Sandy Shores')).getByRole('button', { name: 'Open case 1042' }).textContent).toBe('Open');
  });

  it('filters by status through the server', async () => {
    const { lists } = serve();
    renderApp('/supervisor/uof');
    await loaded();
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'All statuses',
      'Pending',
      'Under Review',
      'In Policy',
      'Out of Policy',
    ]);
    await user.click(screen.getByRole('option', { name: 'Under Review' }));
    await waitFor(() => {
      expect(screen.getAllByTestId('report-row')).toHaveLength(1);
    });
    expect(lists).toEqual([null, 'under_review']);
  });

  it("says 'No reports' when there are none, and silently when the list fails", async () => {
    serve({ list: () => json([]) });
    const first = renderApp('/supervisor/uof');
    expect((await screen.findByTestId('reports-empty')).textContent).toBe('No reports');
    first.unmount();
    resetAppStores();
    serve({ list: () => json({ error: 'Database unavailable' }, 500) });
    renderApp('/supervisor/uof');
    expect((await screen.findByTestId('reports-empty')).textContent).toBe('No reports');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('opening a pending report puts it under review; approve signs it in policy; the list follows', async () => {
    const show = vi.spyOn(notifications, 'show');
    const { patches } = serve();
    renderApp('/supervisor/uof');
    await loaded();
    const user = userEvent.setup();
    await user.click(within(rowOf('Sandy Shores')).getByRole('button', { name: 'Open case 1042' }));
    const dialog = await screen.findByRole('dialog', { name: 'Case #1042' });
    // The whole report, read-only.
    for (const text of ['Trevor Phillips', 'Male, 40s, beard', 'Verbal Commands', 'Taser', 'Two-second application.', 'Ron Jakowski']) {
      expect(within(dialog).getAllByText(text, { exact: false }).length).toBeGreaterThan(0);
    }
    expect(within(dialog).getByRole('link', { name: 'Body camera' }).getAttribute('href')).toBe('https://video.example.org/bodycam/1042');
    expect(within(dialog).getByRole('link', { name: 'Print' }).getAttribute('href')).toBe('/reports/print/use-of-force/11');

    await waitFor(() => {
      expect(patches).toEqual([{ id: 11, body: expect.objectContaining({ action: 'open', status: null }) as unknown }]);
    });
    const panel = within(await within(dialog).findByTestId('review-panel'));
    await waitFor(() => {
      expect(panelStatus(dialog)).toBe('Under Review');
    });
    expect(within(dialog).getByTestId('history-entry').textContent).toContain('Pending → Under Review — Sam Whitaker');
    expect(panel.getByRole<HTMLInputElement>('textbox', { name: 'Supervisor' }).value).toBe('Sam Whitaker');
    expect(panel.getByTestId('signature-line').textContent).toBe('Not signed yet');

    await user.type(panel.getByRole('textbox', { name: 'Review notes' }), 'Proportionate.');
    await user.click(panel.getByRole('button', { name: 'Approve & Sign' }));
    // The panel starts afresh from the server's answer.
    await waitFor(() => {
      expect(within(dialog).getByTestId('signature-line').textContent).toMatch(/^Signed by Sam Whitaker on 21 Nov 2026/);
    });
    expect(patches[1]).toEqual({ id: 11, body: expect.objectContaining({ action: 'approve', supervisorNotes: 'Proportionate.' }) as unknown });
    // The signature is the server's: the client sends none.
    expect(patches[1]?.body).toEqual(expect.objectContaining({ supervisorSignedBy: null, supervisorSignedAt: null }));
    expect(show).toHaveBeenCalledWith({ color: 'green', message: 'Saved' });
    await waitFor(() => {
      expect(within(rowOf('Sandy Shores')).getByText('In Policy')).toBeTruthy();
    });
  });

  it('a report already under review is not opened again; Save sends the chosen outcome', async () => {
    const { patches } = serve();
    renderApp('/supervisor/uof');
    await loaded();
    const user = userEvent.setup();
    await user.click(within(rowOf('Route 68')).getByRole('button', { name: 'Open case 1041' }));
    const dialog = await screen.findByRole('dialog', { name: 'Case #1041' });
    const panel = within(await within(dialog).findByTestId('review-panel'));
    await user.click(panel.getByRole('combobox', { name: 'Outcome' }));
    await user.click(await screen.findByRole('option', { name: 'Out of Policy' }));
    await user.click(panel.getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      expect(patches).toEqual([{ id: 12, body: expect.objectContaining({ action: null, status: 'out_of_policy' }) as unknown }]);
    });
    await waitFor(() => {
      expect(panelStatus(dialog)).toBe('Out of Policy');
    });
  });

  it("a reviewer's own report is shown read-only with the sentence; nothing is opened (issue 19)", async () => {
    const { patches } = serve({ own: [11] });
    renderApp('/supervisor/uof');
    await loaded();
    await userEvent.setup().click(within(rowOf('Sandy Shores')).getByRole('button', { name: 'Open case 1042' }));
    const dialog = await screen.findByRole('dialog', { name: 'Case #1042' });
    // The whole report, read-only.
    expect(await within(dialog).findByText('Trevor Phillips')).toBeTruthy();
    const panel = within(await within(dialog).findByTestId('review-panel'));
    expect(panel.getByTestId('own-report-notice').textContent).toBe('You cannot review your own report.');
    for (const name of ['Approve & Sign', 'Save', 'Deny', 'Return for correction']) {
      expect(panel.queryByRole('button', { name })).toBeNull();
    }
    expect(panel.queryByRole('combobox', { name: 'Outcome' })).toBeNull();
    expect(panel.queryByRole('textbox', { name: 'Review notes' })).toBeNull();
    expect(within(dialog).getByRole('link', { name: 'Print' })).toBeTruthy();
    // Still pending: no {action: 'open'} was sent.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(patches).toEqual([]);
    expect(panelStatus(dialog)).toBe('Pending');
  });

  it('a signed report cannot be put back to Pending or Under Review: those outcomes are off, with the reason', async () => {
    const { patches } = serve();
    renderApp('/supervisor/uof');
    await loaded();
    const user = userEvent.setup();
    await user.click(within(rowOf('Paleto Bay Bank')).getByRole('button', { name: 'Open case 1040' }));
    const dialog = await screen.findByRole('dialog', { name: 'Case #1040' });
    const panel = within(await within(dialog).findByTestId('review-panel'));
    expect(panel.getByText('This report is signed: choose In Policy or Out of Policy to sign a new decision.')).toBeTruthy();
    await user.click(panel.getByRole('combobox', { name: 'Outcome' }));
    expect((await screen.findByRole('option', { name: 'Pending' })).getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('option', { name: 'Out of Policy' }).getAttribute('aria-disabled')).toBeNull();
    await user.keyboard('{Escape}');
    expect(patches).toEqual([]);
  });

  it('on leave of absence the review is read-only and nothing is opened', async () => {
    const { patches } = serve({ viewer: { canManage: false } });
    renderApp('/supervisor/uof');
    await loaded();
    await userEvent.setup().click(within(rowOf('Sandy Shores')).getByRole('button', { name: 'Open case 1042' }));
    const dialog = await screen.findByRole('dialog', { name: 'Case #1042' });
    expect(await within(dialog).findByTestId('loa-notice')).toBeTruthy();
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Approve & Sign' }).disabled).toBe(true);
    expect(patches).toEqual([]);
  });
});
