import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, resetAppStores } from '@/test-utils/app';
import { json, rosterEntry, serveAgency, signedIn } from '@/test-utils/fixtures';
import { rawlife } from '@/test-utils/organisation';
import { screen, within } from '@/test-utils/render';
import { arrestReport, historyEntry, ticket, uofReport } from '@/test-utils/reports';

const SUPERVISOR = signedIn(rosterEntry({ id: 3, name: 'Sam Whitaker', level: 'supervisor' }));

function serve(answer: (path: string) => Response | undefined) {
  serveAgency({
    me: SUPERVISOR,
    agencies: [rawlife()],
    handle: (request) => answer(new URL(request.url, 'http://localhost').pathname),
  });
}

const sheet = () => screen.findByTestId('report-print-sheet', {}, { timeout: 3000 });

describe('ReportPrintPage (/reports/print/{kind}/{id})', { timeout: 20_000 }, () => {
  beforeEach(resetAppStores);
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('prints a signed use-of-force report: agency header, sections, review and signature, history', async () => {
    serve((path) =>
      path === '/api/uof/11'
        ? json(
            uofReport({
              status: 'in_policy',
              supervisorNotes: 'Proportionate.',
              supervisorSignedBy: 'Sam Whitaker',
              supervisorSignedAt: '2026-11-21T12:30:00Z',
              history: [historyEntry(), historyEntry({ fromStatus: 'under_review', toStatus: 'in_policy' })],
            }),
          )
        : undefined,
    );
    renderApp('/reports/print/use-of-force/11');
    const page = within(await sheet());
    expect(page.getByRole('heading', { level: 1, name: 'Use of Force Report' })).toBeTruthy();
    expect(page.getByTestId('report-print-agency').textContent).toBe(rawlife().name);
    expect(page.getByRole('img', { name: `${rawlife().name} badge` })).toBeTruthy();
    expect(page.getByTestId('report-print-number').textContent).toBe('Case #1042');
    for (const heading of ['Case', 'Deputies involved', 'Subject', 'Force used', 'Force details', 'Witnesses', 'Narrative', 'Evidence & Links', 'Supervisor Review & Sign-Off', 'History']) {
      expect(page.getByRole('heading', { level: 3, name: heading })).toBeTruthy();
    }
    expect(page.getByText('Trevor Phillips')).toBeTruthy();
    expect(page.getByText('In Policy')).toBeTruthy();
    expect(page.getByText('Proportionate.')).toBeTruthy();
    expect(page.getByTestId('signature-line').textContent).toMatch(/^Signed by Sam Whitaker on 21 Nov 2026/);
    expect(page.getAllByTestId('history-entry').map((e) => e.textContent.split(' — ')[0])).toEqual([
      'Pending → Under Review',
      'Under Review → In Policy',
    ]);
  });

  it("'Print' prints the page", async () => {
    serve((path) => (path === '/api/arrests/21' ? json(arrestReport()) : undefined));
    const print = vi.fn();
    vi.stubGlobal('print', print);
    renderApp('/reports/print/arrest/21');
    const page = within(await sheet());
    expect(page.getByRole('heading', { level: 1, name: 'Arrest Report' })).toBeTruthy();
    expect(page.getByText('Lamar Davis')).toBeTruthy();
    expect(page.getByTestId('report-totals').textContent).toBe('Total time: 12 monthsTotal bond: $2,000');
    expect(page.getByTestId('signature-line').textContent).toBe('Not signed yet');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
  });

  it('prints a ticket with its violations and total fine', async () => {
    serve((path) => (path === '/api/tickets/31' ? json(ticket()) : undefined));
    renderApp('/reports/print/ticket/31');
    const page = within(await sheet());
    expect(page.getByRole('heading', { level: 1, name: 'Traffic Citation' })).toBeTruthy();
    expect(page.getByTestId('report-print-number').textContent).toBe('Citation #5001');
    expect(page.getByText('Amanda De Santa')).toBeTruthy();
    expect(page.getByText('Speeding')).toBeTruthy();
    expect(page.getByTestId('report-total-fine').textContent).toBe('Total fine: $150');
  });

  it("shows a refusal as 'Access denied' with the server's reason", async () => {
    serve((path) => (path === '/api/uof/11' ? json({ error: 'You do not have permission to view this page.' }, 403) : undefined));
    renderApp('/reports/print/use-of-force/11');
    expect(await screen.findByRole('heading', { level: 1, name: 'Access denied' })).toBeTruthy();
    expect(screen.getByText('You do not have permission to view this page.')).toBeTruthy();
  });

  it("asks to sign in on 401 and says 'Report not found' on 404", async () => {
    serve((path) => (path === '/api/uof/11' ? json({ error: 'You must be signed in to do that.' }, 401) : undefined));
    const first = renderApp('/reports/print/use-of-force/11');
    expect(await screen.findByRole('heading', { level: 1, name: 'Not logged in' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Login (Discord)' }).getAttribute('href')).toContain('/auth/discord?returnTo=');
    first.unmount();
    resetAppStores();
    serve((path) => (path === '/api/arrests/9' ? json({ error: 'Report not found' }, 404) : undefined));
    renderApp('/reports/print/arrest/9');
    expect(await screen.findByRole('heading', { level: 1, name: 'Report not found' })).toBeTruthy();
  });

  it('an unknown kind or id is not a page', async () => {
    serve(() => undefined);
    renderApp('/reports/print/parking/1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });
});
