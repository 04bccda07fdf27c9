import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ArrestReport } from '@/api/reports';
import { OLDER_FAILED, SHOW_OLDER } from '@/components/OlderReports';
import { renderApp, resetAppStores } from '@/test-utils/app';
import { bodyOf, json, rosterEntry, serveAgency, signedIn } from '@/test-utils/fixtures';
import { rawlife } from '@/test-utils/organisation';
import { screen, waitFor, within } from '@/test-utils/render';
import { arrestReport, historyEntry } from '@/test-utils/reports';

const SUPERVISOR = signedIn(rosterEntry({ id: 3, name: 'Sam Whitaker', rank: 'Sergeant', level: 'supervisor' }));
const NOTES_REQUIRED = 'Write review notes that say what to correct.';

/** Serves two pages: the newest report with a link to the next page, then the older one. */
function servePages({ olderFails = false }: { olderFails?: boolean } = {}) {
  const lists: string[] = [];
  serveAgency({
    me: SUPERVISOR,
    agencies: [rawlife()],
    handle: (request, url) => {
      if (url.pathname !== '/api/arrests' || request.method !== 'GET') return undefined;
      lists.push(`limit=${url.searchParams.get('limit') ?? ''} before=${url.searchParams.get('before') ?? ''}`);
      if (url.searchParams.get('before') === null) {
        const first = json([arrestReport({ id: 22, caseNumber: '76', location: 'Del Perro Pier' })]);
        first.headers.set('Link', `</api/arrests?limit=50&before=22>; rel="next"`);
        return first;
      }
      if (olderFails) return json({ error: 'Database unavailable' }, 503);
      return json([arrestReport({ id: 21, caseNumber: '75', location: 'Vinewood Blvd' })]);
    },
  });
  return { lists };
}

function serve({ own = false }: { own?: boolean } = {}) {
  const reports = new Map<number, ArrestReport>([
    [21, arrestReport({ ownReport: own })],
    [22, arrestReport({ id: 22, caseNumber: '76', incidentNumber: '76', location: 'Del Perro Pier', status: 'approved' })],
  ]);
  const patches: { id: number; body: unknown }[] = [];
  serveAgency({
    me: SUPERVISOR,
    agencies: [rawlife()],
    handle: (request, url) => {
      if (url.pathname === '/api/arrests' && request.method === 'GET') return json([...reports.values()]);
      const one = /^\/api\/arrests\/(\d+)$/.exec(url.pathname);
      if (one === null) return undefined;
      const id = Number(one[1]);
      const report = reports.get(id)!;
      if (request.method === 'GET') return json(report);
      if (request.method === 'PATCH') {
        const body = bodyOf(request) as { action: string; supervisorNotes: string | null };
        patches.push({ id, body });
        if (report.ownReport) return json({ error: 'You cannot review your own report.' }, 403);
        if (body.action === 'return' && (body.supervisorNotes ?? '').trim() === '') return json({ error: NOTES_REQUIRED }, 400);
        const to = body.action === 'open' ? 'under_review' : body.action === 'approve' ? 'approved' : 'returned';
        const updated: ArrestReport = {
          ...report,
          status: to,
          supervisorNotes: body.supervisorNotes ?? report.supervisorNotes,
          supervisorSignedBy: body.action === 'approve' ? 'Sam Whitaker' : null,
          supervisorSignedAt: body.action === 'approve' ? '2026-11-21T12:30:00Z' : null,
          history: [...report.history, historyEntry({ fromStatus: report.status, toStatus: to, notes: body.supervisorNotes })],
        };
        reports.set(id, updated);
        return json(updated);
      }
      return undefined;
    },
  });
  return { patches };
}

const rowOf = (text: string) => screen.getAllByTestId('report-row').find((row) => row.textContent.includes(text))!;

async function openPending() {
  const { patches } = serve();
  renderApp('/supervisor/arrests');
  await screen.findByRole('heading', { level: 1, name: 'Arrest review' });
  await screen.findAllByTestId('report-row', {}, { timeout: 3000 });
  const user = userEvent.setup();
  await user.click(within(rowOf('Vinewood')).getByRole('button', { name: 'Open case 77' }));
  const dialog = await screen.findByRole('dialog', { name: 'Case #77' });
  await waitFor(() => {
    expect(patches).toHaveLength(1);
  });
  return { patches, user, dialog };
}

describe('ArrestReviewPage (/supervisor/arrests)', { timeout: 20_000 }, () => {
  beforeEach(resetAppStores);
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('lists the reports with Case #, Date, Location, Officer(s), Status and Open', async () => {
    serve();
    renderApp('/supervisor/arrests');
    await screen.findAllByTestId('report-row', {}, { timeout: 3000 });
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Case #',
      'Date',
      'Location',
      'Officer(s)',
      'Status',
      'Actions',
    ]);
    expect(within(rowOf('Vinewood')).getByText('Pending')).toBeTruthy();
    expect(within(rowOf('Del Perro')).getByText('Approved')).toBeTruthy();
    expect(within(rowOf('Vinewood')).getByText('Casey Nguyen')).toBeTruthy();
  });

  it('reads a page of 50 at a time and shows older reports on request', async () => {
    const { lists } = servePages();
    renderApp('/supervisor/arrests');
    await screen.findAllByTestId('report-row', {}, { timeout: 3000 });
    expect(lists).toEqual(['limit=50 before=']);
    expect(screen.getByTestId('reports-count').textContent).toBe('Showing the newest 1 report');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: SHOW_OLDER }));
    await waitFor(() => {
      expect(screen.getAllByTestId('report-row')).toHaveLength(2);
    });
    expect(lists).toEqual(['limit=50 before=', 'limit=50 before=22']);
    expect(screen.getAllByTestId('report-row').map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual(['76', '75']);
    expect(screen.getByTestId('reports-count').textContent).toBe('2 reports');
    expect(screen.queryByRole('button', { name: SHOW_OLDER })).toBeNull();
  });

  it('says when older reports could not be loaded and keeps the ones shown', async () => {
    servePages({ olderFails: true });
    renderApp('/supervisor/arrests');
    await screen.findAllByTestId('report-row', {}, { timeout: 3000 });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: SHOW_OLDER }));
    expect(await screen.findByText(OLDER_FAILED)).toBeTruthy();
    expect(screen.getAllByTestId('report-row')).toHaveLength(1);
    expect(screen.getByRole('button', { name: SHOW_OLDER })).toBeTruthy();
  });

  it('opens a pending report into review and shows it read-only with its charges and totals', async () => {
    const { patches, dialog } = await openPending();
    expect(patches[0]).toEqual({ id: 21, body: { action: 'open', supervisorNotes: null } });
    expect(within(dialog).getByText('Lamar Davis')).toBeTruthy();
    expect(within(dialog).getByText('Assault')).toBeTruthy();
    expect(within(dialog).getByTestId('report-totals').textContent).toBe('Total time: 12 monthsTotal bond: $2,000');
    expect(within(dialog).getByRole('link', { name: 'Print' }).getAttribute('href')).toBe('/reports/print/arrest/21');
    await waitFor(() => {
      expect(within(dialog).getByTestId('history-entry').textContent).toContain('Pending → Under Review');
    });
    expect(within(dialog).queryByRole('combobox', { name: 'Outcome' })).toBeNull();
  });

  it("a reviewer listed on the arrest sees it read-only with the sentence; nothing is opened (issue 19)", async () => {
    const { patches } = serve({ own: true });
    renderApp('/supervisor/arrests');
    await screen.findAllByTestId('report-row', {}, { timeout: 3000 });
    await userEvent.setup().click(within(rowOf('Vinewood')).getByRole('button', { name: 'Open case 77' }));
    const dialog = await screen.findByRole('dialog', { name: 'Case #77' });
    expect(await within(dialog).findByText('Lamar Davis')).toBeTruthy();
    expect((await within(dialog).findByTestId('own-report-notice')).textContent).toBe('You cannot review your own report.');
    expect(within(dialog).queryByRole('button', { name: 'Approve & Sign' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Return for correction' })).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(patches).toEqual([]);
  });

  it('returns a report for correction only with notes', async () => {
    const { patches, user, dialog } = await openPending();
    const returnButton = await within(dialog).findByRole('button', { name: 'Return for correction' });
    await user.click(returnButton);
    expect(await within(dialog).findByText(NOTES_REQUIRED)).toBeTruthy();
    expect(patches).toHaveLength(1);
    await user.type(within(dialog).getByRole('textbox', { name: 'Review notes' }), 'Add the second officer.');
    await user.click(within(dialog).getByRole('button', { name: 'Return for correction' }));
    await waitFor(() => {
      expect(patches[1]).toEqual({ id: 21, body: { action: 'return', supervisorNotes: 'Add the second officer.' } });
    });
    await waitFor(() => {
      expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Approve & Sign' }).disabled).toBe(true);
    });
    expect(within(dialog).getByTestId('signature-line').textContent).toBe('Not signed yet');
    await waitFor(() => {
      expect(within(rowOf('Vinewood')).getByText('Returned')).toBeTruthy();
    });
  });

  it('approves and signs a report', async () => {
    const { patches, user, dialog } = await openPending();
    await user.click(await within(dialog).findByRole('button', { name: 'Approve & Sign' }));
    await waitFor(() => {
      expect(within(dialog).getByTestId('signature-line').textContent).toMatch(/^Signed by Sam Whitaker on 21 Nov 2026/);
    });
    expect(patches[1]).toEqual({ id: 21, body: { action: 'approve', supervisorNotes: null } });
    await waitFor(() => {
      expect(within(rowOf('Vinewood')).getByText('Approved')).toBeTruthy();
    });
  });
});
