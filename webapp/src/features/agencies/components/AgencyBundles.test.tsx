import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { resetActiveAgencyStore } from '@/agency/store';
import type { Backup, BackupSettings } from '@/api/types';
import { renderApp, resetAppStores } from '@/test-utils/app';
import { BCSO, bodyOf, json, rosterEntry, serveAgency, signedIn, type RecordedRequest } from '@/test-utils/fixtures';
import { act, screen, waitFor, within } from '@/test-utils/render';

/**
 * Issue 27 on the Agencies screen (root High Command): Export, Backups (list, back up now,
 * schedule) and Import agency (upload progress, 201, refusals); and an agency's own High
 * Command, who reaches only their own agency's export and backups (Branding → Data and backups).
 */

const HC = signedIn(rosterEntry({ name: 'Alex Mercer', level: 'high_command' }));
const NO_KEY =
  "This portal has no PORTAL_SECRET_KEY, so it cannot keep the bundle's secrets. Import without the passphrase, or set the key first.";
const DAMAGED = 'This file is not a complete agency bundle: it is damaged or was cut short. Nothing was imported.';

const SETTINGS: BackupSettings = { everyHours: 24, keep: 7, usesDefault: true, defaultEveryHours: 24, defaultKeep: 7, nextDueAt: '2026-11-26T10:15:00Z' };
const NEWER: Backup = { name: 'bcso-20261125T101500.123Z.agency.tar.gz', createdAt: '2026-11-25T10:15:00.123Z', sizeBytes: 123_456, counts: { roster: 12, reports: 40, audit_events: 300 } };
const OLDER: Backup = { name: 'bcso-20261124T101500.000Z.agency.tar.gz', createdAt: '2026-11-24T10:15:00Z', sizeBytes: 2048, counts: { roster: 11 } };

interface Served {
  requests: RecordedRequest[];
  writes: { method: string; url: string; body: unknown }[];
  /** The export's body: the test enqueues bytes and closes it. */
  exportStream: { controller: ReadableStreamDefaultController<Uint8Array> | null };
}

function serve({ backups = [NEWER, OLDER], settings = SETTINGS }: { backups?: Backup[]; settings?: BackupSettings } = {}): Served {
  const writes: Served['writes'] = [];
  const exportStream: Served['exportStream'] = { controller: null };
  let list = [...backups];
  const server = serveAgency({
    me: HC,
    highCommand: true,
    handle: (request, url) => {
      const path = url.pathname;
      if (path === '/api/agencies/bcso/export') {
        if (request.headers.get('X-Bundle-Passphrase') !== null) return json({ error: NO_KEY }, 400);
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            exportStream.controller = controller;
          },
        });
        return new Response(body, {
          status: 200,
          headers: { 'Content-Type': 'application/gzip', 'Content-Disposition': 'attachment; filename="bcso-2026-11-25.agency.tar.gz"' },
        });
      }
      if (path === '/api/agencies/bcso/backups' && request.method === 'GET') return json({ backups: list, settings });
      if (path.startsWith('/api/agencies/bcso/backups/')) {
        const name = decodeURIComponent(path.slice('/api/agencies/bcso/backups/'.length));
        return new Response(new Uint8Array(64), {
          status: 200,
          headers: { 'Content-Type': 'application/gzip', 'Content-Length': '64', 'Content-Disposition': `attachment; filename="${name}"` },
        });
      }
      if (path === '/api/agencies/bcso/backups' && request.method === 'POST') {
        writes.push({ method: 'POST', url: request.url, body: null });
        const made: Backup = { name: 'bcso-20261125T120000.000Z.agency.tar.gz', createdAt: '2026-11-25T12:00:00Z', sizeBytes: 4096, counts: { roster: 12 } };
        list = [made, ...list];
        return json(made, 201);
      }
      if (path === '/api/agencies/bcso/backup-settings' && request.method === 'PUT') {
        const body = bodyOf(request) as { everyHours: number | null; keep: number };
        writes.push({ method: 'PUT', url: request.url, body });
        if (body.everyHours === 100) return json({ error: 'Back up every 1 to 168 hours, or turn scheduled backups off.' }, 400);
        if (body.keep === 99) return json({ error: 'Keep from 1 to 100 backups.' }, 400);
        return json({ ...settings, everyHours: body.everyHours, keep: body.keep, usesDefault: false });
      }
      return undefined;
    },
  });
  return { requests: server.requests, writes, exportStream };
}

/** jsdom has no object URLs: stand-ins, and the saved files' names. */
function catchDownloads(): { names: string[]; blobs: Blob[] } {
  const caught = { names: [] as string[], blobs: [] as Blob[] };
  Object.assign(URL, {
    createObjectURL: vi.fn((blob: Blob) => {
      caught.blobs.push(blob);
      return 'blob:bundle';
    }),
    revokeObjectURL: vi.fn(),
  });
  onTestFinished(() => {
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    caught.names.push(this.download);
  });
  return caught;
}

/** A stand-in XMLHttpRequest the test drives: progress, then an answer. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  status = 0;
  responseText = '';
  withCredentials = false;
  upload: { onprogress: ((event: ProgressEvent) => void) | null; onload: (() => void) | null } = { onprogress: null, onload: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.last = this;
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ loaded, total, lengthComputable: true } as ProgressEvent);
  }
  answer(status: number, body: unknown) {
    this.upload.onload?.();
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

async function agencyCard(name: string) {
  return screen.findByRole('region', { name }, { timeout: 3000 });
}

describe('agency bundles on the Agencies screen', { timeout: 20_000 }, () => {
  beforeEach(() => {
    resetAppStores();
    FakeXhr.last = null;
  });

  it('exports an agency: the passphrase rule, the server refusal, then the download with its bytes', async () => {
    const { requests, exportStream } = serve();
    const caught = catchDownloads();
    const user = userEvent.setup();
    renderApp('/command/agencies');
    await user.click(within(await agencyCard(BCSO.name)).getByRole('button', { name: `Export ${BCSO.name}` }));
    const dialog = await screen.findByRole('dialog', { name: `Export ${BCSO.name}` });
    const passphrase = within(dialog).getByLabelText(/^Passphrase/);
    const exports = () => requests.filter((r) => r.url.startsWith('/api/agencies/bcso/export'));

    await user.type(passphrase, 'too short');
    await user.click(within(dialog).getByRole('button', { name: 'Download export' }));
    expect(await within(dialog).findByText('The passphrase must be at least 12 characters.')).toBeTruthy();
    expect(exports()).toHaveLength(0);

    await user.type(passphrase, ' but now long');
    await user.click(within(dialog).getByRole('button', { name: 'Download export' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(NO_KEY);
    expect(exports()[0]?.headers.get('X-Bundle-Passphrase')).toBe('too short but now long');
    expect(exports()[0]?.url).toBe('/api/agencies/bcso/export?agency=rawlife');

    await user.clear(passphrase);
    await user.click(within(dialog).getByRole('button', { name: 'Download export' }));
    await waitFor(() => {
      expect(exportStream.controller).not.toBeNull();
    });
    expect(exports()[1]?.headers.get('X-Bundle-Passphrase')).toBeNull();
    await act(async () => {
      exportStream.controller?.enqueue(new Uint8Array(1536));
      await Promise.resolve();
    });
    expect(await within(dialog).findByText('1.5 KB received')).toBeTruthy();
    expect(within(dialog).getByRole('progressbar', { name: 'Export download' })).toBeTruthy();
    await act(async () => {
      exportStream.controller?.enqueue(new Uint8Array(512));
      exportStream.controller?.close();
      await Promise.resolve();
    });
    expect(await screen.findByText('Export downloaded')).toBeTruthy();
    expect(screen.getByText(`${BCSO.name}: bcso-2026-11-25.agency.tar.gz (2 KB).`)).toBeTruthy();
    expect(caught.names).toEqual(['bcso-2026-11-25.agency.tar.gz']);
    expect(caught.blobs[0]?.size).toBe(2048);
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: `Export ${BCSO.name}` })).toBeNull();
    });
  });

  it('lists the backups newest first, backs up now and downloads one', async () => {
    const { writes } = serve();
    const caught = catchDownloads();
    const user = userEvent.setup();
    renderApp('/command/agencies');
    await user.click(within(await agencyCard(BCSO.name)).getByRole('button', { name: `Backups of ${BCSO.name}` }));
    const dialog = await screen.findByRole('dialog', { name: `Backups of ${BCSO.name}` });
    const rows = await within(dialog).findAllByTestId('backup-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]?.textContent).toContain('121 KB · 12 members · 40 reports · 352 rows in 3 tables');
    expect(rows[1]?.textContent).toContain('2 KB · 11 members · 11 rows in 1 table');
    expect(within(dialog).getByTestId('backup-default').textContent).toBe('Uses the deployment default (every 24 h, keep 7).');
    expect(within(dialog).getByTestId('backup-next').textContent).toMatch(/^Next backup due 26 Nov 2026/);

    await user.click(within(dialog).getByRole('button', { name: 'Back up now' }));
    expect(await screen.findByText('Backup made')).toBeTruthy();
    expect(writes).toEqual([{ method: 'POST', url: '/api/agencies/bcso/backups?agency=rawlife', body: null }]);
    await waitFor(() => {
      expect(within(dialog).getAllByTestId('backup-row')).toHaveLength(3);
    });

    const first = within(dialog).getAllByTestId('backup-row')[1]!;
    await user.click(within(first).getByRole('button', { name: /^Download the backup of/ }));
    await waitFor(() => {
      expect(caught.names).toEqual([NEWER.name]);
    });
  });

  it('says when there are no backups yet', async () => {
    serve({ backups: [] });
    const user = userEvent.setup();
    renderApp('/command/agencies');
    await user.click(within(await agencyCard(BCSO.name)).getByRole('button', { name: `Backups of ${BCSO.name}` }));
    const dialog = await screen.findByRole('dialog', { name: `Backups of ${BCSO.name}` });
    expect((await within(dialog).findByTestId('backups-empty')).textContent).toBe('No backups yet.');
  });

  it('saves the schedule: its own checks, the server sentences under the fields, unsaved changes', async () => {
    const { writes } = serve();
    const user = userEvent.setup();
    renderApp('/command/agencies');
    await user.click(within(await agencyCard(BCSO.name)).getByRole('button', { name: `Backups of ${BCSO.name}` }));
    const dialog = await screen.findByRole('dialog', { name: `Backups of ${BCSO.name}` });
    const every = await within(dialog).findByRole('textbox', { name: /^Every \(hours\)/ });
    const keep = within(dialog).getByRole('textbox', { name: /^Keep the last/ });
    const save = within(dialog).getByRole('button', { name: 'Save schedule' });

    // Out of range: the form says so before sending.
    await user.clear(keep);
    await user.type(keep, '101');
    await user.click(save);
    expect(await within(dialog).findByText('Keep from 1 to 100 backups.')).toBeTruthy();
    expect(writes).toHaveLength(0);

    // The server's sentences, under their fields.
    await user.clear(keep);
    await user.type(keep, '99');
    await user.click(save);
    expect(await within(dialog).findByText('Keep from 1 to 100 backups.')).toBeTruthy();
    expect(writes).toHaveLength(1);
    expect(keep.getAttribute('aria-invalid')).toBe('true');
    await user.clear(keep);
    await user.type(keep, '5');
    await user.clear(every);
    await user.type(every, '100');
    await user.click(save);
    expect(await within(dialog).findByText('Back up every 1 to 168 hours, or turn scheduled backups off.')).toBeTruthy();
    expect(every.getAttribute('aria-invalid')).toBe('true');

    // Unsaved changes: Close asks first.
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    const ask = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    await user.click(within(ask).getByRole('button', { name: 'Keep editing' }));

    await user.clear(every);
    await user.type(every, '12');
    await user.click(save);
    expect(await screen.findByText('Backup schedule saved')).toBeTruthy();
    expect(screen.getByText('Backups every 12 h, keeping the last 5.')).toBeTruthy();
    expect(writes.at(-1)).toEqual({ method: 'PUT', url: '/api/agencies/bcso/backup-settings?agency=rawlife', body: { everyHours: 12, keep: 5 } });
    await waitFor(() => {
      expect(within(dialog).queryByTestId('backup-default')).toBeNull();
    });

    // Off: no hours sent.
    await user.click(within(dialog).getByRole('switch', { name: /^Back up on a schedule/ }));
    await user.click(save);
    await waitFor(() => {
      expect(writes.at(-1)?.body).toEqual({ everyHours: null, keep: 5 });
    });
    // Saved: Close closes at once.
    await waitFor(() => {
      expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Save schedule' }).disabled).toBe(true);
    });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: `Backups of ${BCSO.name}` })).toBeNull();
    });
  });
});

describe('Import agency', { timeout: 20_000 }, () => {
  beforeEach(() => {
    resetAppStores();
    FakeXhr.last = null;
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });

  async function openImport(user: ReturnType<typeof userEvent.setup>) {
    renderApp('/command/agencies');
    await user.click(await screen.findByRole('button', { name: 'Import agency' }, { timeout: 3000 }));
    return screen.findByRole('dialog', { name: 'Import agency' });
  }

  const bundle = () => new File([new Uint8Array(100)], 'bcso-2026-11-25.agency.tar.gz', { type: 'application/gzip' });

  async function choose(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]');
    expect(input).not.toBeNull();
    await user.upload(input!, bundle());
  }

  it('asks for a file, uploads with progress, and names the new agency', async () => {
    const { requests } = serve();
    const user = userEvent.setup();
    const dialog = await openImport(user);
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByText('Choose an agency bundle (.agency.tar.gz) to import.')).toBeTruthy();
    expect(FakeXhr.last).toBeNull();

    await choose(user, dialog);
    await user.type(within(dialog).getByRole('textbox', { name: /^New slug/ }), 'BCSO-Copy');
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    const xhr = FakeXhr.last;
    expect(xhr?.method).toBe('POST');
    expect(xhr?.url).toBe('/api/agencies/import?slug=bcso-copy&agency=rawlife');
    expect(xhr?.headers['content-type']).toBe('application/octet-stream');
    expect(xhr?.headers['x-bundle-passphrase']).toBeUndefined();
    expect(xhr?.body).toBeInstanceOf(File);

    act(() => {
      xhr?.progress(50, 100);
    });
    expect(await within(dialog).findByText('50% · 50 B of 100 B')).toBeTruthy();
    expect(within(dialog).getByRole('progressbar', { name: 'Upload' }).getAttribute('aria-valuenow')).toBe('50');

    const listed = requests.filter((r) => r.url.startsWith('/api/agencies?includeHidden=1')).length;
    act(() => {
      xhr?.answer(201, {
        id: 9,
        slug: 'bcso-copy',
        name: "Blaine County Sheriff's Office",
        domain: null,
        domainCleared: true,
        bundleSchemaVersion: 18,
        schemaVersion: 18,
        counts: { roster: 12 },
        mediaObjects: 0,
        secretsImported: false,
      });
    });
    expect(await screen.findByText('Agency imported')).toBeTruthy();
    expect(
      screen.getByText(`Agency "Blaine County Sheriff's Office" imported as bcso-copy. Its domain was cleared because another agency uses it.`),
    ).toBeTruthy();
    await waitFor(() => {
      expect(requests.filter((r) => r.url.startsWith('/api/agencies?includeHidden=1')).length).toBeGreaterThan(listed);
    });
    expect(screen.queryByRole('dialog', { name: 'Import agency' })).toBeNull();
  });

  it("shows the server's sentence when the bundle is refused", async () => {
    serve();
    const user = userEvent.setup();
    const dialog = await openImport(user);
    await choose(user, dialog);
    await user.type(within(dialog).getByLabelText(/^Passphrase/), 'a long enough passphrase');
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    const xhr = FakeXhr.last;
    expect(xhr?.url).toBe('/api/agencies/import?agency=rawlife');
    expect(xhr?.headers['x-bundle-passphrase']).toBe('a long enough passphrase');
    act(() => {
      xhr?.answer(400, { error: DAMAGED });
    });
    expect((await within(dialog).findByRole('alert')).textContent).toBe(DAMAGED);
    expect(within(dialog).queryByTestId('import-progress')).toBeNull();
  });

  it('puts a slug in use under the slug field, focused', async () => {
    serve();
    const user = userEvent.setup();
    const dialog = await openImport(user);
    await choose(user, dialog);
    const slug = within(dialog).getByRole('textbox', { name: /^New slug/ });
    await user.type(slug, 'lspd');
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    act(() => {
      FakeXhr.last?.answer(409, { error: "An agency with the slug 'lspd' already exists." });
    });
    expect(await within(dialog).findByText("An agency with the slug 'lspd' already exists.")).toBeTruthy();
    expect(slug.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => {
      expect(document.activeElement).toBe(slug);
    });
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });
});

describe("an agency's own High Command", { timeout: 20_000 }, () => {
  beforeEach(resetAppStores);

  it('reaches only their own agency: Branding → Data and backups', async () => {
    const requests = serveAgency({
      me: HC,
      highCommand: true,
      handle: (_request, url) => {
        if (url.pathname === '/api/agencies/bcso/backups') return json({ backups: [NEWER], settings: SETTINGS });
        return undefined;
      },
    }).requests;
    window.localStorage.setItem('activeAgencySlug', 'bcso');
    resetActiveAgencyStore();
    const user = userEvent.setup();
    renderApp('/command/branding');
    const data = await screen.findByRole('region', { name: 'Data and backups' }, { timeout: 3000 });
    expect(within(data).getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual([
      `Export ${BCSO.name}`,
      `Backups of ${BCSO.name}`,
    ]);
    await user.click(within(data).getByRole('button', { name: `Backups of ${BCSO.name}` }));
    const dialog = await screen.findByRole('dialog', { name: `Backups of ${BCSO.name}` });
    expect(await within(dialog).findAllByTestId('backup-row')).toHaveLength(1);
    const asked = requests.filter((r) => r.url.includes('/backups'));
    expect(asked.map((r) => r.url)).toEqual(['/api/agencies/bcso/backups?agency=bcso']);
    // No other agency is offered anywhere: the Agencies screen is the root agency's.
    expect(screen.queryByRole('button', { name: /^Export (?!Blaine)/ })).toBeNull();
  });
});
