import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, resetAppStores } from '@/test-utils/app';
import { bodyOf, json } from '@/test-utils/fixtures';
import { errorOf } from '@/test-utils/form';
import { fireEvent, screen, waitFor, within } from '@/test-utils/render';
import { arrestServer, returnedReport, type ServeOptions } from './fixtures';

function serve(options: ServeOptions = {}) {
  const server = arrestServer(options);
  vi.stubGlobal('fetch', vi.fn(server.fetch));
  return server;
}

const field = (name: string) => screen.getByRole<HTMLInputElement>('textbox', { name });
const dateField = () => screen.getByLabelText<HTMLInputElement>(/^Date/, { selector: 'input' });
const totals = () => [screen.getByTestId('total-time').textContent, screen.getByTestId('total-bond').textContent];

describe('ArrestReportPage', { timeout: 60_000 }, () => {
  beforeEach(resetAppStores);

  it('files a report: suggested case number, the viewer as locked first officer, a charge from the catalogue, totals, save', async () => {
    const user = userEvent.setup();
    let release: () => void = () => undefined;
    const server = serve({
      post: () =>
        new Promise((resolve) => {
          release = () => {
            resolve(json({ id: 17, caseNumber: '4' }, 201));
          };
        }),
    });
    renderApp('/reports/arrest');
    expect(await screen.findByRole('heading', { level: 1, name: 'Arrest report' })).toBeTruthy();
    await waitFor(
      () => {
        expect(field('Case number').value).toBe('4');
      },
      { timeout: 5000 },
    );
    expect(field('Incident number').value).toBe('4');

    // The first officer is the viewer, read-only and not removable.
    const name = field('Officer 1 name');
    expect(name.value).toBe('Casey Nguyen');
    expect(name.readOnly).toBe(true);
    expect(field('Officer 1 callsign').value).toBe('B-13');
    expect(screen.queryByRole('button', { name: 'Remove officer 1' })).toBeNull();

    // Another officer from the roster.
    await user.click(screen.getByRole('button', { name: 'Select Deputy' }));
    const picker = await screen.findByRole('dialog', { name: 'Select Deputy' });
    await user.click(await within(picker).findByRole('button', { name: 'Select Sam Whitaker' }));
    await waitFor(() => {
      expect(field('Officer 2 name').value).toBe('Sam Whitaker');
    });
    expect(field('Officer 2 rank').value).toBe('Lieutenant');
    expect(field('Officer 2 callsign').value).toBe('L7');
    // Typed callsigns lose spaces and dashes.
    await user.click(screen.getByRole('button', { name: 'Add officer' }));
    await user.type(field('Officer 3 callsign'), 'K - 9');
    expect(field('Officer 3 callsign').value).toBe('K9');
    await user.click(screen.getByRole('button', { name: 'Remove officer 3' }));

    await user.type(field('Location'), 'Vinewood');
    await user.type(field('Suspect name'), 'Lamar Davis');

    // A charge from the catalogue: statute, charge, count 1, time = max custody, bond = max fine.
    await user.clear(field('Charge 1 count'));
    await user.click(screen.getByRole('button', { name: /^Catalog/ }));
    const search = await screen.findByRole('dialog', { name: 'Search Penal Code' });
    await user.click(await within(search).findByRole('button', { name: 'Select PC 101 Assault' }));
    await waitFor(() => {
      expect(field('Charge 1 statute').value).toBe('PC 101');
    });
    expect(field('Charge 1 charge').value).toBe('Assault');
    expect(field('Charge 1 count').value).toBe('1');
    expect(field('Charge 1 time (months)').value).toBe('6 mo');
    expect(field('Charge 1 bond ($)').value).toBe('$1,000');
    expect(totals()).toEqual(['6 months', '$1,000']);

    await user.clear(field('Charge 1 count'));
    await user.type(field('Charge 1 count'), '2');
    expect(totals()).toEqual(['12 months', '$2,000']);
    // A blank count counts as 1.
    await user.click(screen.getByRole('button', { name: 'Add charge' }));
    await user.type(field('Charge 2 charge'), 'Resisting');
    await user.type(field('Charge 2 time (months)'), '3');
    await user.type(field('Charge 2 bond ($)'), '500');
    await user.clear(field('Charge 2 count'));
    expect(totals()).toEqual(['15 months', '$2,500']);

    await user.click(screen.getByRole('button', { name: 'Add witness' }));
    await user.type(field('Witness 1 name'), 'Ann Lee');
    await user.type(field('Witness 1 contact'), '555-0100');
    await user.click(screen.getByRole('button', { name: 'Add link' }));
    await user.type(field('Evidence 1 label'), 'Cam');
    await user.type(field('Evidence 1 URL'), 'https://v.test/1');
    await user.type(screen.getByRole('textbox', { name: 'Narrative' }), 'Saw it.');

    await user.click(screen.getByRole('button', { name: 'Save to server' }));
    expect(await screen.findByRole('button', { name: 'Saving…' })).toBeTruthy();
    release();
    // The number the member knows, not the database id (17).
    expect(await screen.findByText('Saved report (case #4)', { selector: '[data-testid="arrest-saved"] *' })).toBeTruthy();

    const post = server.requests.find((r) => r.method === 'POST' && r.url.startsWith('/api/arrests'))!;
    expect(bodyOf(post)).toMatchObject({
      caseNumber: 4,
      incidentNumber: 4,
      location: 'Vinewood',
      officers: [
        { name: 'Casey Nguyen', rank: 'Deputy', callsign: 'B13' },
        { name: 'Sam Whitaker', rank: 'Lieutenant', callsign: 'L7' },
      ],
      suspect: { name: 'Lamar Davis', address: '', description: '' },
      charges: [
        { statute: 'PC 101', charge: 'Assault', count: 2, time: 6, bond: 1000 },
        { statute: '', charge: 'Resisting', count: 1, time: 3, bond: 500 },
      ],
      witnesses: [{ name: 'Ann Lee', contact: '555-0100' }],
      evidence: [{ label: 'Cam', url: 'https://v.test/1' }],
      narrative: 'Saw it.',
    });

    // A fresh form with the next case number.
    await waitFor(() => {
      expect(field('Case number').value).toBe('5');
    });
    expect(field('Location').value).toBe('');
    expect(field('Officer 1 name').value).toBe('Casey Nguyen');
  });

  it('marks every missing or invalid field at once, focuses the first and sends nothing (issue 19)', async () => {
    const user = userEvent.setup();
    const server = serve();
    renderApp('/reports/arrest');
    await waitFor(
      () => {
        expect(field('Case number').value).toBe('4');
      },
      { timeout: 5000 },
    );
    await user.clear(field('Case number'));
    await user.type(field('Case number'), '9223372036854775807');
    fireEvent.change(dateField(), { target: { value: '' } });
    await user.click(screen.getByRole('button', { name: 'Add link' }));
    await user.type(field('Evidence 1 label'), 'Body camera');
    await user.click(screen.getByRole('button', { name: 'Save to server' }));

    expect(errorOf(field('Case number'))).toBe('Case number must be a whole number from 1 to 999999999.');
    expect(errorOf(dateField())).toBe('Arrest date is required.');
    expect(errorOf(field('Location'))).toBe('Location is required.');
    expect(errorOf(field('Suspect name'))).toBe('Suspect name is required.');
    expect(errorOf(field('Charge 1 charge'))).toBe('Add at least one charge.');
    expect(errorOf(field('Evidence 1 URL'))).toBe('Evidence links must be http(s) URLs.');
    // The viewer is the first officer: nothing to say there.
    expect(errorOf(field('Officer 1 name'))).toBeNull();
    expect(document.activeElement).toBe(field('Case number'));
    expect(server.requests.some((r) => r.method === 'POST')).toBe(false);
    expect(screen.queryByTestId('arrest-save-failure')).toBeNull();

    // Typing clears a field's error; the next save focuses the first one left.
    await user.clear(field('Case number'));
    expect(errorOf(field('Case number'))).toBeNull();
    fireEvent.change(dateField(), { target: { value: '1999-12-31T23:00' } });
    await user.click(screen.getByRole('button', { name: 'Save to server' }));
    expect(errorOf(dateField())).toBe('Arrest date must be between 2000-01-01 and today.');
    expect(errorOf(field('Case number'))).toBeNull();
    expect(document.activeElement).toBe(dateField());
    expect(server.requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it("shows 'Save failed: {message}' with the server's text when the form found nothing", async () => {
    const user = userEvent.setup();
    const server = serve({ post: () => json({ error: 'Another arrest report already has this case number.' }, 409) });
    renderApp('/reports/arrest');
    await waitFor(
      () => {
        expect(field('Case number').value).toBe('4');
      },
      { timeout: 5000 },
    );
    await user.type(field('Location'), 'Vinewood');
    await user.type(field('Suspect name'), 'Lamar Davis');
    await user.type(field('Charge 1 charge'), 'Assault');
    await user.click(screen.getByRole('button', { name: 'Save to server' }));
    expect(await screen.findByTestId('arrest-save-failure')).toHaveProperty(
      'textContent',
      'Save failed: Another arrest report already has this case number.',
    );
    expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Save to server' })).toBeTruthy();
  });

  it('disables Catalog when the catalogue failed to load, and starts at case 1 without a suggestion', async () => {
    serve({
      penalCodes: () => new Response('', { status: 500 }),
      extra: (_request, url) => (url.pathname === '/api/arrests/next-number' ? json({ error: 'down' }, 503) : undefined),
    });
    renderApp('/reports/arrest');
    expect(await screen.findByText('Request failed: 500', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: /^Catalog/ }).disabled).toBe(true);
    expect(field('Case number').value).toBe('1');
  });

  it("resubmits a returned report: the supervisor's notes, the report prefilled, PUT", async () => {
    const user = userEvent.setup();
    const server = serve();
    renderApp('/reports/arrest?resubmit=9');
    const notes = await screen.findByTestId('supervisor-notes', {}, { timeout: 5000 });
    expect(within(notes).getByText("Add the second officer's callsign.")).toBeTruthy();
    expect(within(notes).getByText('Supervisor: Sam Whitaker')).toBeTruthy();
    expect(field('Case number').value).toBe('3');
    expect(field('Case number').readOnly).toBe(true);
    expect(field('Officer 1 name').readOnly).toBe(true);
    expect(field('Charge 1 statute').value).toBe('PC 101');
    expect(totals()).toEqual(['6 months', '$1,000']);

    await user.click(screen.getByRole('button', { name: 'Select Deputy' }));
    await user.click(await screen.findByRole('button', { name: 'Select Jordan Reyes' }));
    await user.click(screen.getByRole('button', { name: 'Save to server' }));
    expect(await screen.findByText('Saved report (case #3)', { selector: '[data-testid="arrest-saved"] *' })).toBeTruthy();
    expect(screen.getByText('The report is pending review again.')).toBeTruthy();
    const put = server.requests.find((r) => r.method === 'PUT')!;
    expect(put.url).toContain('/api/arrests/9');
    expect(bodyOf(put)).toMatchObject({
      caseNumber: 3,
      officers: [
        { name: 'Casey Nguyen', rank: 'Deputy', callsign: 'B13' },
        { name: 'Jordan Reyes', rank: 'Sergeant', callsign: 'S2' },
      ],
    });
  });

  it('refuses to resubmit a report that was not returned', async () => {
    serve({ report: () => json(returnedReport({ status: 'approved' })) });
    renderApp('/reports/arrest?resubmit=9');
    expect(await screen.findByText('Only a report returned for correction can be resubmitted.', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save to server' })).toBeNull();
  });
});
