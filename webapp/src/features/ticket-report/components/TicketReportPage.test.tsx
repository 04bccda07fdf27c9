import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PenalCatalogue } from '@/api/penal-codes';
import { renderApp, resetAppStores } from '@/test-utils/app';
import { bodyOf, json, rosterEntry, serveAgency, signedIn } from '@/test-utils/fixtures';
import { errorOf } from '@/test-utils/form';
import { fireEvent, screen, waitFor, within } from '@/test-utils/render';

const ME = rosterEntry({ id: 4, name: 'Casey Nguyen', rank: 'Deputy', callsign: 'B-13' });
const ROSTER = [ME, rosterEntry({ id: 2, name: 'Jordan Reyes', rank: 'Sergeant', callsign: 'S-2', discordId: '2' })];
const CATALOGUE: PenalCatalogue = {
  version: 1,
  categories: ['Traffic'],
  items: [
    { id: 'vc-1', statute: 'VC 1', title: 'Speeding', category: 'Traffic', classification: 'Infraction', fineMin: 150, fineMax: 500 },
    { id: 'vc-2', statute: 'VC 2', title: 'Running a Red Light', category: 'Traffic', classification: 'Infraction', fineMin: 200, fineMax: 400 },
  ],
};

function serve({
  post = () => json({ id: 3, citationNumber: '12' }, 201),
  penalCodes = () => json(CATALOGUE),
}: { post?: () => Response | Promise<Response>; penalCodes?: () => Response } = {}) {
  const me = signedIn(ME);
  const numbers = ['12', '13'];
  const server = serveAgency({
    me,
    handle: (request, url) => {
      if (url.pathname === '/api/roster') return json(ROSTER);
      if (url.pathname === '/api/penal-codes') return penalCodes();
      if (url.pathname === '/api/tickets/next-number') return json({ citationNumber: numbers.length > 1 ? numbers.shift() : numbers[0] });
      if (url.pathname === '/api/tickets' && request.method === 'POST') return post();
      return undefined;
    },
  });
  return server;
}

const field = (name: string) => screen.getByRole<HTMLInputElement>('textbox', { name });

async function ready() {
  expect(await screen.findByRole('heading', { level: 1, name: 'Ticket report' }, { timeout: 5000 })).toBeTruthy();
  await waitFor(
    () => {
      expect(field('Citation number').value).toBe('12');
    },
    { timeout: 5000 },
  );
}

describe('TicketReportPage', { timeout: 60_000 }, () => {
  beforeEach(resetAppStores);

  it('issues a ticket: the viewer as officer, violations from the catalogue at their minimum fine, the total, save', async () => {
    const user = userEvent.setup();
    const server = serve();
    renderApp('/report/ticket-report');
    await ready();
    expect(field('Officer name').value).toBe('Casey Nguyen');
    expect(field('Officer name').readOnly).toBe(true);
    expect(field('Officer callsign').value).toBe('B-13');

    await user.type(field('Location'), 'Route 68');
    await user.type(field('Violator name'), 'Amanda');
    await user.type(field('Plate'), '4DEM00');

    await user.click(screen.getByRole('button', { name: 'Add violation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Search Penal Code' });
    await user.click(await within(dialog).findByRole('button', { name: 'Select VC 1 Speeding' }));
    await user.click(screen.getByRole('button', { name: 'Add violation' }));
    await user.click(await screen.findByRole('button', { name: 'Select VC 2 Running a Red Light' }));
    await waitFor(() => {
      expect(screen.getAllByTestId('violation-row')).toHaveLength(2);
    });
    expect(field('Violation 1 fine').value).toBe('$150');
    expect(screen.getByText('Range: $150 – $500')).toBeTruthy();
    expect(screen.getByTestId('total-fine').textContent).toBe('$350');

    // Editable within the range only.
    await user.clear(field('Violation 1 fine'));
    await user.type(field('Violation 1 fine'), '900');
    expect(screen.getByText('The fine for VC 1 must be from $150 to $500.')).toBeTruthy();
    expect(screen.getByTestId('total-fine').textContent).toBe('$1,100');
    await user.click(screen.getByRole('button', { name: 'Save to server' }));
    expect(errorOf(field('Violation 1 fine'))).toBe('The fine for VC 1 must be from $150 to $500.');
    expect(document.activeElement).toBe(field('Violation 1 fine'));
    expect(server.requests.some((r) => r.method === 'POST')).toBe(false);
    await user.clear(field('Violation 1 fine'));
    await user.type(field('Violation 1 fine'), '300');
    expect(screen.getByTestId('total-fine').textContent).toBe('$500');

    // Another issuing officer.
    await user.click(screen.getByRole('button', { name: 'Select Deputy' }));
    await user.click(await screen.findByRole('button', { name: 'Select Jordan Reyes' }));
    await waitFor(() => {
      expect(field('Officer name').value).toBe('Jordan Reyes');
    });
    expect(field('Officer name').readOnly).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Save to server' }));
    expect((await screen.findByTestId('ticket-saved')).textContent).toBe('Saved ticket (citation 12)');
    const post = server.requests.find((r) => r.method === 'POST')!;
    expect(bodyOf(post)).toMatchObject({
      citationNumber: '12',
      location: 'Route 68',
      officer: { name: 'Jordan Reyes', rank: 'Sergeant', callsign: 'S2' },
      violator: { name: 'Amanda', address: '', description: '' },
      vehicle: { plate: '4DEM00', model: '', colour: '' },
      violations: [
        { statute: 'VC 1', title: 'Speeding', fine: 300 },
        { statute: 'VC 2', title: 'Running a Red Light', fine: 200 },
      ],
    });
    // A fresh form with the next number and the viewer again.
    await waitFor(() => {
      expect(field('Citation number').value).toBe('13');
    });
    expect(field('Officer name').value).toBe('Casey Nguyen');
    expect(screen.queryAllByTestId('violation-row')).toHaveLength(0);
  });

  it('marks every missing or invalid field at once, focuses the first and sends nothing (issue 19)', async () => {
    const user = userEvent.setup();
    const server = serve();
    renderApp('/report/ticket-report');
    await ready();
    await user.clear(field('Citation number'));
    await user.type(field('Citation number'), '0');
    const date = screen.getByLabelText<HTMLInputElement>(/^Date and time/, { selector: 'input' });
    fireEvent.change(date, { target: { value: '1999-06-01T10:00' } });
    await user.click(screen.getByRole('button', { name: 'Save to server' }));

    expect(errorOf(field('Citation number'))).toBe('Citation number must be a whole number from 1 to 999999999.');
    expect(errorOf(date)).toBe('Ticket date must be between 2000-01-01 and today.');
    expect(errorOf(field('Location'))).toBe('Location is required.');
    expect(errorOf(field('Violator name'))).toBe('Violator name is required.');
    expect(screen.getByText('Add at least one violation.')).toBeTruthy();
    expect(errorOf(field('Officer name'))).toBeNull();
    expect(document.activeElement).toBe(field('Citation number'));
    expect(server.requests.some((r) => r.method === 'POST')).toBe(false);

    // Adding a violation clears its error.
    await user.click(screen.getByRole('button', { name: 'Add violation' }));
    await user.click(await screen.findByRole('button', { name: 'Select VC 1 Speeding' }));
    await waitFor(() => {
      expect(screen.queryByText('Add at least one violation.')).toBeNull();
    });
  });

  it("shows 'Save failed: {message}' with the server's text when the form found nothing", async () => {
    const user = userEvent.setup();
    const server = serve({ post: () => json({ error: 'Another ticket already has this citation number.' }, 409) });
    renderApp('/report/ticket-report');
    await ready();
    await user.type(field('Location'), 'Route 68');
    await user.type(field('Violator name'), 'Amanda');
    await user.click(screen.getByRole('button', { name: 'Add violation' }));
    await user.click(await screen.findByRole('button', { name: 'Select VC 1 Speeding' }));
    await user.click(screen.getByRole('button', { name: 'Save to server' }));
    expect((await screen.findByTestId('ticket-save-failure')).textContent).toBe('Save failed: Another ticket already has this citation number.');
    expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('cannot add violations when the catalogue failed to load', async () => {
    serve({ penalCodes: () => json({ error: 'Request failed' }, 500) });
    renderApp('/report/ticket-report');
    await ready();
    expect(await screen.findByText('Request failed', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Add violation' }).disabled).toBe(true);
  });
});
