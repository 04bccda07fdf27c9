import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { components } from '@/api/schema';
import { OLDER_FAILED, SHOW_OLDER } from '@/components/OlderReports';
import { renderApp, resetAppStores } from '@/test-utils/app';
import { json, type RecordedRequest, rosterEntry, serveAgency, signedIn } from '@/test-utils/fixtures';
import { screen, waitFor, within } from '@/test-utils/render';
import { arrestReport, ticket, uofReport } from '@/test-utils/reports';

type Schemas = components['schemas'];

const ME = signedIn(rosterEntry({ name: 'Casey Nguyen' }));

const officer = { name: 'Casey Nguyen', rank: 'Deputy', callsign: 'R13' };

function uof(id: number, filedBy: string, status: string): Schemas['UofReport'] {
  // The incident happened on the day it was filed (the list orders by this date).
  const day = `2026-11-0${String(id)}`;
  return uofReport({ id, incidentNumber: String(100 + id), incidentDate: `${day}T09:00`, status, filedBy, createdAt: `${day}T10:00:00Z`, ownReport: true });
}

function arrest(id: number, status: string, supervisorNotes: string | null): Schemas['ArrestReport'] {
  const number = String(200 + id);
  const day = `2026-11-0${String(id)}`;
  return arrestReport({ id, caseNumber: number, incidentNumber: number, arrestDate: day, status, supervisorNotes, createdAt: `${day}T10:00:00Z`, ownReport: true });
}

function training(id: number, name: string, status: string, done: number): Schemas['Session'] {
  return {
    id,
    templateId: 7,
    templateTitle: 'Patrol phase one',
    sessionName: name,
    scheduledAt: '2026-03-12T18:30:00Z',
    notes: '',
    status,
    ftos: [{ id: '2', name: 'Jordan Reyes' }],
    trainees: [{ id: '4', name: 'Casey Nguyen' }],
    checklist: [0, 1, 2, 3].map((i) => ({
      id: `s${String(i)}`,
      text: `Step ${String(i)}`,
      required: i < 3,
      done: i < done,
      doneAt: null,
      doneBy: null,
      doneById: null,
    })),
    createdBy: 'Sam Whitaker',
    updatedAt: '2026-03-13T10:00:00Z',
  };
}

type Answer = (request: RecordedRequest) => Response | undefined;

/** What the profile's other sections read (issues 23 and 24): no qualifications, no leave, no duty. */
const QUIET: Record<string, Answer> = {
  '/api/roster/4/qualifications': () => json({ holdings: [], canManage: false }),
  '/api/leave?mine=true': () => json([]),
  '/api/duty/me': () => json({ open: null, hoursWeek: 0, hours30Days: 0, weeks: [], recent: [], autoCloseHours: 12 }),
};

function serve(answers: Record<string, Answer>) {
  const all = { ...QUIET, ...answers };
  const server = serveAgency({
    me: ME,
    handle: (request, url) => {
      url.searchParams.delete('agency');
      const key = `${url.pathname}${url.search}`;
      return all[key]?.(request);
    },
  });
  return server;
}

describe('Profile: my reports and training', { timeout: 30_000 }, () => {
  beforeEach(resetAppStores);

  it("lists the member's own reports with their review status; a returned arrest links to its correction", async () => {
    serve({
      // Asked for the member's own filings only (the server matches the account).
      '/api/uof?mine=true&limit=50': () => json([uof(1, 'Casey Nguyen', 'in_policy')]),
      '/api/arrests?mine=true&limit=50': () => json([arrest(3, 'returned', 'Add the second officer.'), arrest(4, 'under_review', null)]),
      // Not allowed to read tickets: left out without a word.
      '/api/tickets?mine=true&limit=50': () => json({ error: 'You do not have permission to view this page.' }, 403),
      '/api/trainings/assignments?trainee=me': () => json([]),
    });
    renderApp('/profile');
    const section = await screen.findByRole('region', { name: 'My reports' }, { timeout: 5000 });
    const rows = await within(section).findAllByTestId('my-report', {}, { timeout: 5000 });
    expect(rows.map((row) => within(row).getByText(/#/).textContent)).toEqual(['Arrest #204', 'Arrest #203', 'Use of force #101']);
    expect(rows.map((row) => within(row).getByTestId('my-report-status').textContent)).toEqual([
      'Under Review',
      'Returned',
      'In Policy',
    ]);
    const returned = rows[1]!;
    expect(within(returned).getByTestId('my-report-notes').textContent).toContain('Add the second officer.');
    expect(within(returned).getByRole('link', { name: 'Correct and resubmit' }).getAttribute('href')).toBe(
      '/reports/arrest?resubmit=3',
    );
    expect(within(rows[0]!).queryByRole('link', { name: 'Correct and resubmit' })).toBeNull();
    expect(within(rows[2]!).getByRole('link', { name: 'View report' }).getAttribute('href')).toBe('/reports/print/use-of-force/1');
    expect(within(rows[0]!).getByText('4 Nov 2026')).toBeTruthy();
    expect(within(section).queryByRole('alert')).toBeNull();
    expect(await screen.findByTestId('my-training-empty', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('No training sessions yet.')).toBeTruthy();
  });

  it('tells the kinds apart when an arrest, a use-of-force report and a ticket share a number (issue 19)', async () => {
    const filed = ticket({ id: 9, citationNumber: '4', issuedAt: '2026-11-07T08:00', officer, createdAt: '2026-11-07T10:00:00Z' });
    serve({
      '/api/uof?mine=true&limit=50': () => json([{ ...uof(5, 'Casey Nguyen', 'pending'), incidentNumber: '4' }]),
      '/api/arrests?mine=true&limit=50': () => json([{ ...arrest(6, 'pending', null), caseNumber: '4', incidentNumber: '4' }]),
      '/api/tickets?mine=true&limit=50': () => json([filed]),
      '/api/trainings/assignments?trainee=me': () => json([]),
    });
    renderApp('/profile');
    const section = await screen.findByRole('region', { name: 'My reports' }, { timeout: 5000 });
    const rows = await within(section).findAllByTestId('my-report', {}, { timeout: 5000 });
    expect(rows.map((row) => within(row).getByText(/#/).textContent)).toEqual(['Ticket #4', 'Arrest #4', 'Use of force #4']);
    expect(rows.map((row) => within(row).getByRole('link', { name: 'View report' }).getAttribute('href'))).toEqual([
      '/reports/print/ticket/9',
      '/reports/print/arrest/6',
      '/reports/print/use-of-force/5',
    ]);
  });

  it('reads 50 of each kind at a time, and older reports on request (issue 29)', async () => {
    // The link a page of arrests answers with when older ones follow.
    const olderThan = (id: number) => ({ Link: `</api/arrests?mine=true&limit=50&before=${String(id)}>; rel="next"` });
    const reads: string[] = [];
    let olderFails = true;
    serve({
      '/api/uof?mine=true&limit=50': () => json([]),
      '/api/arrests?mine=true&limit=50': (request) => {
        reads.push(request.url);
        return new Response(JSON.stringify([arrest(8, 'pending', null), arrest(7, 'pending', null)]), {
          headers: { 'Content-Type': 'application/json', ...olderThan(7) },
        });
      },
      '/api/arrests?mine=true&limit=50&before=7': (request) => {
        reads.push(request.url);
        return olderFails ? json({ error: 'Database unavailable' }, 503) : json([arrest(5, 'approved', null)]);
      },
      // A ticket filed before the oldest arrest read waits for the older arrests.
      '/api/tickets?mine=true&limit=50': () =>
        json([ticket({ id: 2, citationNumber: '62', issuedAt: '2026-11-06T08:00', officer, createdAt: '2026-11-06T10:00:00Z' })]),
      '/api/trainings/assignments?trainee=me': () => json([]),
    });
    renderApp('/profile');
    const section = await screen.findByRole('region', { name: 'My reports' }, { timeout: 5000 });
    const numbers = () => within(section).getAllByTestId('my-report').map((row) => within(row).getByText(/#/).textContent);
    await waitFor(() => {
      expect(numbers()).toEqual(['Arrest #208', 'Arrest #207']);
    });
    expect(within(section).getByTestId('reports-count').textContent).toBe('Showing the newest 2 reports');

    // The older page fails: said, and what is shown stays.
    const user = userEvent.setup();
    await user.click(within(section).getByRole('button', { name: SHOW_OLDER }));
    expect(await within(section).findByText(OLDER_FAILED)).toBeTruthy();
    expect(numbers()).toEqual(['Arrest #208', 'Arrest #207']);

    olderFails = false;
    await user.click(within(section).getByRole('button', { name: SHOW_OLDER }));
    await waitFor(() => {
      expect(numbers()).toEqual(['Arrest #208', 'Arrest #207', 'Ticket #62', 'Arrest #205']);
    });
    expect(within(section).getByTestId('reports-count').textContent).toBe('4 reports');
    expect(within(section).queryByRole('button', { name: SHOW_OLDER })).toBeNull();
    expect(within(section).queryByText(OLDER_FAILED)).toBeNull();
    expect(reads.map((url) => new URL(url, 'http://portal.test').searchParams.get('before'))).toEqual([null, '7', '7']);
  });

  it('reads next only the kind that holds the list back, beside a kind it may not read', async () => {
    const linkTo = (path: string, before: number) => ({ Link: `<${path}?mine=true&limit=50&before=${String(before)}>; rel="next"` });
    const page = (body: unknown[], headers: Record<string, string> = {}) =>
      new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json', ...headers } });
    const filedTicket = (id: number, day: number) =>
      ticket({ id, citationNumber: String(60 + id), issuedAt: `2026-11-0${String(day)}T08:00`, officer, createdAt: `2026-11-0${String(day)}T10:00:00Z` });
    const reads: string[] = [];
    const recorded = (answer: () => Response) => (request: RecordedRequest) => {
      const url = new URL(request.url, 'http://portal.test');
      reads.push(`${url.pathname} ${url.searchParams.get('before') ?? ''}`);
      return answer();
    };
    serve({
      '/api/uof?mine=true&limit=50': () => json({ error: 'You do not have permission to view this page.' }, 403),
      '/api/arrests?mine=true&limit=50': recorded(() => page([arrest(8, 'pending', null), arrest(7, 'pending', null)], linkTo('/api/arrests', 7))),
      '/api/arrests?mine=true&limit=50&before=7': recorded(() => page([arrest(3, 'approved', null)])),
      '/api/tickets?mine=true&limit=50': recorded(() => page([filedTicket(2, 6)], linkTo('/api/tickets', 2))),
      '/api/tickets?mine=true&limit=50&before=2': recorded(() => page([filedTicket(1, 2)])),
      '/api/trainings/assignments?trainee=me': () => json([]),
    });
    renderApp('/profile');
    const section = await screen.findByRole('region', { name: 'My reports' }, { timeout: 5000 });
    const numbers = () => within(section).getAllByTestId('my-report').map((row) => within(row).getByText(/#/).textContent);
    const count = () => within(section).getByTestId('reports-count').textContent;
    // Arrests are read down to the 7th, tickets to the 6th: the ticket waits for the arrests.
    await waitFor(() => {
      expect(numbers()).toEqual(['Arrest #208', 'Arrest #207']);
    });
    expect(count()).toBe('Showing the newest 2 reports');
    const user = userEvent.setup();
    await user.click(within(section).getByRole('button', { name: SHOW_OLDER }));
    // Only the arrests were read; now the tickets hold back the arrest of the 3rd.
    await waitFor(() => {
      expect(numbers()).toEqual(['Arrest #208', 'Arrest #207', 'Ticket #62']);
    });
    expect(count()).toBe('Showing the newest 3 reports');
    expect(reads).toContain('/api/arrests 7');
    expect(reads).not.toContain('/api/tickets 2');
    await user.click(within(section).getByRole('button', { name: SHOW_OLDER }));
    await waitFor(() => {
      expect(numbers()).toEqual(['Arrest #208', 'Arrest #207', 'Ticket #62', 'Arrest #203', 'Ticket #61']);
    });
    expect(count()).toBe('5 reports');
    expect(reads.sort()).toEqual(['/api/arrests ', '/api/arrests 7', '/api/tickets ', '/api/tickets 2']);
    expect(within(section).queryByRole('alert')).toBeNull();
  });

  it('says when there are no reports, and shows a failed kind', async () => {
    serve({
      '/api/uof?mine=true&limit=50': () => json([]),
      '/api/arrests?mine=true&limit=50': () => json([]),
      '/api/tickets?mine=true&limit=50': () => json({ error: 'Database unavailable' }, 503),
      '/api/trainings/assignments?trainee=me': () => json([]),
    });
    renderApp('/profile');
    expect((await screen.findByTestId('my-reports-empty', {}, { timeout: 5000 })).textContent).toBe(
      'You have not filed any reports yet.',
    );
    expect(screen.getByRole('alert').textContent).toBe('Could not load your tickets: Database unavailable');
  });

  it('shows completed training first with its checklist progress', async () => {
    serve({
      '/api/uof?mine=true&limit=50': () => json([]),
      '/api/arrests?mine=true&limit=50': () => json([]),
      '/api/tickets?mine=true&limit=50': () => json([]),
      '/api/trainings/assignments?trainee=me': () =>
        json([training(1, 'Week one ride-along', 'scheduled', 0), training(2, 'Traffic day', 'completed', 3)]),
    });
    renderApp('/profile');
    const section = await screen.findByRole('region', { name: 'Training' }, { timeout: 5000 });
    const completed = await within(section).findByRole('list', { name: 'Completed training' }, { timeout: 5000 });
    const done = within(completed).getByTestId('my-training');
    expect(within(done).getByText('Traffic day')).toBeTruthy();
    expect(within(done).getByText('Completed', { selector: '.mantine-Badge-label' })).toBeTruthy();
    expect(within(done).getByText('3 of 4 done (3 of 3 required)')).toBeTruthy();
    const upcoming = within(section).getByRole('list', { name: 'Scheduled and in progress training' });
    expect(within(upcoming).getByText('Week one ride-along')).toBeTruthy();
    expect(within(upcoming).getByText('0 of 4 done (0 of 3 required)')).toBeTruthy();
    await waitFor(() => {
      expect(screen.getByTestId('my-reports-empty')).toBeTruthy();
    });
  });
});
