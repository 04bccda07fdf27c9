import { notifications } from '@mantine/notifications';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { renderApp, resetAppStores } from '@/test-utils/app';
import { bodyOf, json, rosterEntry, serveAgency, signedIn } from '@/test-utils/fixtures';
import { errorOf } from '@/test-utils/form';
import { rawlife } from '@/test-utils/organisation';
import { fireEvent, screen, waitFor, within } from '@/test-utils/render';

const DEPUTY = signedIn(rosterEntry());
const SAM = rosterEntry({ id: 3, name: 'Sam Whitaker', rank: 'Sergeant', callsign: 'S-03', level: 'supervisor' });

function serve({ next = () => json({ incidentNumber: '1043' }), file }: { next?: () => Response; file?: (body: unknown) => Response } = {}) {
  const filed: unknown[] = [];
  let numbers = 0;
  serveAgency({
    me: DEPUTY,
    agencies: [rawlife()],
    handle: (request, url) => {
      if (url.pathname === '/api/uof/next-number') {
        numbers += 1;
        return numbers === 1 ? next() : json({ incidentNumber: '1044' });
      }
      if (url.pathname === '/api/roster') return json([rosterEntry(), SAM]);
      if (url.pathname === '/api/uof' && request.method === 'POST') {
        const body = bodyOf(request);
        filed.push(body);
        return file ? file(body) : json({ id: 55, incidentNumber: '1043' }, 201);
      }
      return undefined;
    },
  });
  return { filed };
}

async function loaded() {
  await screen.findByRole('heading', { level: 1, name: 'Use of force report' });
  return screen.findByRole<HTMLInputElement>('textbox', { name: 'Case number' }, { timeout: 3000 });
}

const box = (name: string) => screen.getByRole<HTMLInputElement>('textbox', { name });

async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  await user.type(box('Location'), 'Sandy Shores');
  await user.click(screen.getByRole('checkbox', { name: 'Taser' }));
  await user.type(box('Narrative'), 'Charged at me.');
}

describe('UofReportPage (/report/use-of-force-report)', { timeout: 20_000 }, () => {
  beforeEach(resetAppStores);
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('has every section; the number is suggested and the first deputy is the signed-in user, locked', async () => {
    serve();
    renderApp('/report/use-of-force-report');
    expect((await loaded()).value).toBe('1043');
    for (const heading of ['Case', 'Deputies involved', 'Subject', 'Force used', 'Force details', 'Witnesses', 'Narrative', 'Evidence & Links']) {
      expect(screen.getByRole('heading', { level: 2, name: heading })).toBeTruthy();
    }
    expect(screen.getAllByRole('checkbox').map((c) => c.getAttribute('value'))).toEqual([
      'Verbal Commands',
      'Control Holds',
      'OC Spray',
      'Taser',
      'Baton',
      'Firearm',
      'K9',
      'Other',
    ]);
    expect(box('Deputy 1 name').value).toBe('Casey Nguyen');
    expect(box('Deputy 1 name').readOnly).toBe(true);
    expect(box('Deputy 1 rank/ID').readOnly).toBe(true);
    expect(box('Deputy 1 callsign').value).toBe('R-13');
    expect(screen.queryByRole('button', { name: 'Remove deputy 1' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Save to server' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save JSON' })).toBeTruthy();
  });

  it("suggests '1' when the next number cannot be loaded", async () => {
    serve({ next: () => json({ error: 'Down' }, 500) });
    renderApp('/report/use-of-force-report');
    expect((await loaded()).value).toBe('1');
  });

  it("adds deputies from 'Select Deputy'; callsign input strips spaces and dashes and shows the normalised form", async () => {
    serve();
    renderApp('/report/use-of-force-report');
    await loaded();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Select Deputy' }));
    const picker = await screen.findByRole('dialog', { name: 'Select Deputy' });
    await user.click(await within(picker).findByRole('button', { name: 'Select Sam Whitaker' }));
    expect(box('Deputy 2 name').value).toBe('Sam Whitaker');
    expect(box('Deputy 2 callsign').value).toBe('S03');
    await user.clear(box('Deputy 2 callsign'));
    await user.type(box('Deputy 2 callsign'), 'b - 7');
    expect(box('Deputy 2 callsign').value).toBe('b7');
    expect(screen.getByText('Shown as B-07')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove deputy 2' }));
    expect(screen.queryByRole('textbox', { name: 'Deputy 2 name' })).toBeNull();
  });

  it("files the report: 'Saved report (incident #{number})' and a fresh form with the next number", async () => {
    const show = vi.spyOn(notifications, 'show');
    const { filed } = serve();
    renderApp('/report/use-of-force-report');
    await loaded();
    const user = userEvent.setup();
    await fillRequired(user);
    await user.type(box('Subject name'), 'Trevor Phillips');
    await user.click(screen.getByRole('button', { name: 'Add witness' }));
    await user.type(box('Witness 1 name'), 'Ron');
    await user.type(box('Witness 1 contact'), 'Saw it.');
    await user.click(screen.getByRole('button', { name: 'Add link' }));
    await user.type(box('Evidence 1 URL'), 'ftp://nope');
    expect(screen.getByText('Evidence links must be http(s) URLs.')).toBeTruthy();
    await user.clear(box('Evidence 1 URL'));
    await user.type(box('Evidence 1 URL'), 'https://video.example.org/1');
    await user.click(screen.getByRole('button', { name: 'Save to server' }));
    await waitFor(() => {
      // The number the member knows (1043), not the database id (55).
      expect(show).toHaveBeenCalledWith({ color: 'green', message: 'Saved report (incident #1043)' });
    });
    expect(filed[0]).toMatchObject({
      incidentNumber: '1043',
      location: 'Sandy Shores',
      officers: [{ name: 'Casey Nguyen', rank: 'Deputy', callsign: 'R13' }],
      subjectName: 'Trevor Phillips',
      forceTypes: ['Taser'],
      narrative: 'Charged at me.',
      witnesses: [{ name: 'Ron', contact: 'Saw it.' }],
      evidence: [{ label: '', url: 'https://video.example.org/1' }],
    });
    await waitFor(() => {
      expect(box('Case number').value).toBe('1044');
    });
    expect(box('Location').value).toBe('');
    expect(box('Deputy 1 name').value).toBe('Casey Nguyen');
  });

  it('marks every missing or invalid field at once, focuses the first and sends nothing (issue 19)', async () => {
    const { filed } = serve();
    renderApp('/report/use-of-force-report');
    await loaded();
    const user = userEvent.setup();
    const date = screen.getByLabelText<HTMLInputElement>(/^Date and time/, { selector: 'input' });
    fireEvent.change(date, { target: { value: '' } });
    await user.click(screen.getByRole('button', { name: 'Add link' }));
    await user.type(box('Evidence 1 URL'), 'ftp://nope');
    await user.click(screen.getByRole('button', { name: 'Save to server' }));

    expect(errorOf(date)).toBe('Date and time are required.');
    expect(errorOf(box('Location'))).toBe('Location is required.');
    expect(screen.getByText('Select at least one type of force used.')).toBeTruthy();
    expect(errorOf(box('Narrative'))).toBe('Narrative is required.');
    expect(errorOf(box('Evidence 1 URL'))).toBe('Evidence links must be http(s) URLs.');
    expect(errorOf(box('Case number'))).toBeNull();
    expect(document.activeElement).toBe(date);
    expect(filed).toEqual([]);
    expect(screen.queryByTestId('uof-save-status')).toBeNull();

    // A number the server would refuse is marked too, and comes first.
    await user.clear(box('Case number'));
    await user.type(box('Case number'), '1e3');
    await user.click(screen.getByRole('button', { name: 'Save to server' }));
    expect(errorOf(box('Case number'))).toBe('Incident number must be a whole number from 1 to 999999999.');
    expect(document.activeElement).toBe(box('Case number'));
    // Ticking a type of force clears its error.
    await user.click(screen.getByRole('checkbox', { name: 'Taser' }));
    expect(screen.queryByText('Select at least one type of force used.')).toBeNull();
    expect(filed).toEqual([]);
  });

  it("a failed save says 'Failed to save' and 'Save failed: {reason}' when the form found nothing", async () => {
    const show = vi.spyOn(notifications, 'show');
    const { filed } = serve({ file: () => json({ error: 'Another report already has this incident number.' }, 409) });
    renderApp('/report/use-of-force-report');
    await loaded();
    const user = userEvent.setup();
    await fillRequired(user);
    await user.type(box('Location'), '{Enter}');
    await waitFor(() => {
      expect(show).toHaveBeenCalledWith({ color: 'red', message: 'Save failed: Another report already has this incident number.' });
    });
    expect(filed).toHaveLength(1);
    expect(screen.getByTestId('uof-save-status').textContent).toBe('Failed to save');
    expect(box('Location').value).toBe('Sandy Shores');
  });

  it("'Save JSON' downloads the report as a file", async () => {
    serve();
    const blobs: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:report';
    });
    // jsdom has no object URLs: stand-ins for this test only.
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    onTestFinished(() => {
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    });
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    renderApp('/report/use-of-force-report');
    await loaded();
    const user = userEvent.setup();
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Save JSON' }));
    expect(clicked).toHaveLength(1);
    expect(clicked[0]?.download).toBe('use-of-force-1043.json');
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => {
        resolve(typeof reader.result === 'string' ? reader.result : '');
      };
      reader.readAsText(blobs[0]!);
    });
    expect(JSON.parse(text)).toMatchObject({ incidentNumber: '1043', location: 'Sandy Shores', forceTypes: ['Taser'] });
  });
});
