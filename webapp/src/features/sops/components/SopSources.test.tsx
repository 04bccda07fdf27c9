import { notifications } from '@mantine/notifications';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { components } from '@/api/schema';
import { renderApp, resetAppStores } from '@/test-utils/app';
import { managementScreen, serveManagedList } from '@/test-utils/catalogue';
import { json, rosterEntry, serveAgency, signedIn, type RecordedRequest } from '@/test-utils/fixtures';
import { screen, waitFor, within } from '@/test-utils/render';
import { pursuitsSop } from './fixtures';

type DocumentManagement = components['schemas']['DocumentManagement'];
type DocumentSave = components['schemas']['DocumentSave'];
type SourceInfo = components['schemas']['SourceInfo'];
type SourceList = components['schemas']['SourceList'];
type EditorAnswer = components['schemas']['EditorAnswer'];

const NOT_OFFICE = 'Only Word documents (.docx) and PowerPoint presentations (.pptx) can be attached.';

function managed(enabled: boolean): DocumentManagement {
  return {
    documents: [pursuitsSop(), { ...pursuitsSop({ id: 'doc-9', title: 'Radio codes' }) }],
    integration: enabled ? { enabled: true, serverUrl: 'https://docs.example.org/', callbackUrl: null } : { enabled: false, serverUrl: null, callbackUrl: null },
    version: 1,
    updatedAt: null,
    updatedBy: null,
    drafts: [],
  };
}

const SOURCE: SourceInfo = {
  documentId: 'doc-2',
  fileName: 'Pursuits.docx',
  kind: 'docx',
  size: 12_700,
  version: 2,
  updatedAt: '2026-11-27T10:00:00Z',
  updatedBy: 'Cole Command',
};

/**
 * The management list, the files' list (`state.sources`, changed by the calls; `state.reads`
 * counts its reads), the file calls, and 'Open in OnlyOffice' answered by `editor`.
 */
function serveManagement(
  enabled: boolean,
  upload: (request: RecordedRequest) => Response,
  editor: () => Response = () => json({ enabled: false, serverUrl: null, config: null, message: 'not configured' }),
) {
  const state: { sources: SourceInfo[]; reads: number } = { sources: [SOURCE], reads: 0 };
  const calls: string[] = [];
  serveManagedList<DocumentSave>(
    {
      path: '/api/sops',
      list: () => managed(enabled),
      echo: () => managed(enabled),
      other: (request) => {
        const url = new URL(request.url, 'http://localhost');
        if (url.pathname === '/api/sops/sources') {
          expect(url.searchParams.get('scope')).toBe('manage');
          state.reads += 1;
          const answer: SourceList = { sources: state.sources, editorEnabled: enabled };
          return json(answer);
        }
        if (/^\/api\/sops\/[^/]+\/onlyoffice$/.test(url.pathname) && request.method === 'POST') return editor();
        const source = /^\/api\/sops\/([^/]+)\/source$/.exec(url.pathname);
        if (source === null) return undefined;
        calls.push(`${request.method} ${source[1] ?? ''}`);
        if (request.method === 'DELETE') {
          state.sources = state.sources.filter((s) => s.documentId !== source[1]);
          return new Response(null, { status: 204 });
        }
        const answer = upload(request);
        if (answer.ok) state.sources = [...state.sources, { ...SOURCE, documentId: source[1] ?? '', fileName: 'Codes.pptx', kind: 'pptx', version: 1 }];
        return answer;
      },
    },
    {},
  );
  return { calls, state };
}

const { cardOf, loaded, open: openPage } = managementScreen('SOP & presentation management', 'document-card', '/command/sops');

describe('Office files', { timeout: 20_000 }, () => {
  beforeEach(resetAppStores);
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("shows a document's file with who stored it, attaches one, shows the server's refusal, and removes one after asking", async () => {
    const show = vi.spyOn(notifications, 'show');
    let refuse = true;
    const { calls } = serveManagement(false, (request) => {
      expect(request.body).toBeInstanceOf(FormData);
      const file = (request.body as FormData).get('file');
      expect(file).toBeInstanceOf(File);
      if (refuse) return json({ error: NOT_OFFICE }, 415);
      return json({ ...SOURCE, documentId: 'doc-9', fileName: 'Codes.pptx', kind: 'pptx', version: 1 });
    });
    const user = userEvent.setup({ applyAccept: false });
    renderApp('/command/sops');
    await loaded();
    const pursuits = within(cardOf('Vehicle pursuits')!).getByTestId('document-source');
    expect(within(pursuits).getByTestId('document-source-summary').textContent).toBe('Office file: Pursuits.docx · 12.4 KB · version 2');
    expect(within(pursuits).getByTestId('document-source-byline').textContent).toMatch(/^Stored by Cole Command on 27 Nov 2026/);
    // Without the editor the file downloads, from the agency's own link.
    const download = within(pursuits).getByRole('link', { name: 'Download' });
    expect(download.getAttribute('href')).toBe('/api/sops/doc-2/source/download?agency=rawlife');

    const codes = within(cardOf('Radio codes')!).getByTestId('document-source');
    expect(within(codes).getByText('No Office file attached.')).toBeTruthy();
    const input = codes.querySelector<HTMLInputElement>('input[type="file"]')!;
    expect(input.getAttribute('accept')).toContain('.docx');
    // Too large: refused before anything is sent.
    const big = new File(['x'], 'big.docx');
    Object.defineProperty(big, 'size', { value: 21 * 1024 * 1024 });
    await user.upload(input, big);
    expect((await within(codes).findByTestId('document-source-error')).textContent).toBe(
      'File too large (max 20 MB)A Word document (.docx) or PowerPoint presentation (.pptx), at most 20 MB.',
    );
    expect(calls).toEqual([]);
    // The server's refusal, under the card.
    await user.upload(input, new File(['PK'], 'notes.docx'));
    await waitFor(() => {
      expect(within(codes).getByTestId('document-source-error').textContent).toContain(NOT_OFFICE);
    });
    refuse = false;
    await user.upload(input, new File(['PK'], 'Codes.pptx'));
    await waitFor(() => {
      expect(show).toHaveBeenCalledWith(expect.objectContaining({ color: 'green', message: 'Codes.pptx saved as version 1.' }));
    });
    expect(await within(codes).findByText('Office file: Codes.pptx · 12.4 KB · version 1')).toBeTruthy();
    expect(within(codes).queryByTestId('document-source-error')).toBeNull();

    // Removing asks first; Cancel keeps it.
    await user.click(within(pursuits).getByRole('button', { name: 'Remove Office file' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove the Office file of Vehicle pursuits' });
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() => {
      expect(show).toHaveBeenCalledWith(expect.objectContaining({ color: 'green', message: 'Office file Pursuits.docx removed.' }));
    });
    expect(await within(pursuits).findByText('No Office file attached.')).toBeTruthy();
    expect(calls).toEqual(['POST doc-9', 'POST doc-9', 'DELETE doc-2']);
  });

  it('reads the files again when the editor, open for editing, is closed: its save came through the document server', async () => {
    const config: EditorAnswer = {
      enabled: true,
      serverUrl: 'https://docs.example.org/',
      message: null,
      config: {
        document: { fileType: 'docx', key: 'k2', title: 'Pursuits.docx', url: 'https://portal/f', permissions: { edit: true, download: true, print: true } },
        documentType: 'word',
        editorConfig: { mode: 'edit', lang: 'en', user: { id: '1', name: 'Cole Command' }, callbackUrl: 'https://portal/c' },
        token: 't',
      },
    };
    const { state } = serveManagement(true, () => json({}), () => json(config));
    const user = await openPage();
    const pursuits = within(cardOf('Vehicle pursuits')!).getByTestId('document-source');
    expect(within(pursuits).queryByRole('link', { name: 'Download' })).toBeNull();
    await user.click(within(cardOf('Vehicle pursuits')!).getByRole('button', { name: 'Open in OnlyOffice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Open in OnlyOffice: Vehicle pursuits' });
    expect(await within(dialog).findByText(/the Office file is open for editing/)).toBeTruthy();
    // Saved in the editor meanwhile: the document server called the portal back.
    state.sources = [{ ...SOURCE, version: 3, updatedBy: 'Dale Deputy-Chief' }];
    const reads = state.reads;
    await user.click(within(dialog).getByRole('button', { name: 'Close this dialog' }));
    await waitFor(() => {
      expect(within(pursuits).getByTestId('document-source-summary').textContent).toBe('Office file: Pursuits.docx · 12.4 KB · version 3');
    });
    expect(state.reads).toBe(reads + 1);
    expect(within(pursuits).getByTestId('document-source-byline').textContent).toMatch(/^Stored by Dale Deputy-Chief on /);
  });

  it('readers open a file in the editor when it is configured, else download it', async () => {
    const opened: string[] = [];
    const config: EditorAnswer = {
      enabled: true,
      serverUrl: 'https://docs.example.org/',
      message: null,
      config: {
        document: { fileType: 'docx', key: 'k', title: 'Pursuits.docx', url: 'https://portal/x', permissions: { edit: false, download: true, print: true } },
        documentType: 'word',
        editorConfig: { mode: 'view', lang: 'en', user: { id: '1', name: 'Dale' } },
        token: 't',
      },
    };
    let enabled = true;
    serveAgency({
      me: signedIn(rosterEntry()),
      handle: (request, url) => {
        if (url.pathname === '/api/sops') {
          return json({ documents: [pursuitsSop(), pursuitsSop({ id: 'doc-5', title: 'Traffic stops' })], viewer: { isAuthenticated: true, level: 'deputy' } });
        }
        if (url.pathname === '/api/sops/sources') {
          expect(url.searchParams.get('scope')).toBeNull();
          return json({ sources: [{ ...SOURCE, updatedBy: null }], editorEnabled: enabled });
        }
        const open = /^\/api\/sops\/([^/]+)\/source\/onlyoffice$/.exec(url.pathname);
        if (open !== null && request.method === 'POST') {
          opened.push(open[1] ?? '');
          return json(config);
        }
        return undefined;
      },
    });
    const user = userEvent.setup();
    const { unmount } = renderApp('/sops');
    await user.click(await screen.findByRole('button', { name: /Vehicle pursuits/ }));
    const line = await screen.findByTestId('sop-source');
    expect(line.textContent).toContain('Office file: Pursuits.docx · 12.4 KB · version 2');
    expect(screen.getAllByTestId('sop-source')).toHaveLength(1);
    await user.click(within(line).getByRole('button', { name: 'Open in OnlyOffice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Open in OnlyOffice: Vehicle pursuits' });
    expect(await within(dialog).findByText(/: read-only\./)).toBeTruthy();
    expect(within(dialog).getByTestId('editor-config').textContent).toContain('"mode": "view"');
    expect(opened).toEqual(['doc-2']);
    unmount();

    enabled = false;
    resetAppStores();
    renderApp('/sops');
    await user.click(await screen.findByRole('button', { name: /Vehicle pursuits/ }));
    const again = await screen.findByTestId('sop-source');
    await waitFor(() => {
      expect(within(again).getByRole('link', { name: 'Download' }).getAttribute('href')).toBe('/api/sops/doc-2/source/download?agency=rawlife');
    });
  });
});
