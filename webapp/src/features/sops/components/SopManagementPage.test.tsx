import { notifications } from '@mantine/notifications';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { components } from '@/api/schema';
import { renderApp, resetAppStores } from '@/test-utils/app';
import { managementScreen, serveManagedList, type ManagedListOptions } from '@/test-utils/catalogue';
import { itManagesTheCatalogue } from '@/test-utils/catalogue-suite';
import { json } from '@/test-utils/fixtures';
import { screen, waitFor, within } from '@/test-utils/render';
import { pursuitsSop } from './fixtures';

type DocumentManagement = components['schemas']['DocumentManagement'];
type DocumentSave = components['schemas']['DocumentSave'];
type EditorAnswer = components['schemas']['EditorAnswer'];
const NOT_CONFIGURED =
  'The document editor is not configured: set ONLYOFFICE_URL and ONLYOFFICE_JWT_SECRET on the server to enable it.';

function list(version = 2, enabled = false): DocumentManagement {
  return {
    documents: [
      pursuitsSop({ createdAt: '2026-01-01T10:00:00Z' }),
      {
        id: 'doc-3',
        title: 'Onboarding',
        type: 'presentation',
        minLevel: 'supervisor',
        summary: '',
        content: 'Welcome.',
        createdAt: '2026-01-01T10:00:00Z',
        updatedAt: '2026-02-01T10:00:00Z',
      },
      {
        id: 'doc-1',
        title: 'Arrest procedure',
        type: 'sop',
        minLevel: 'command',
        summary: 'Cuffs first.',
        content: 'Read the rights.',
        createdAt: '2026-01-01T10:00:00Z',
        updatedAt: '2026-01-05T10:00:00Z',
      },
    ],
    integration: enabled
      ? { enabled: true, serverUrl: 'https://docs.example.org/', callbackUrl: null }
      : { enabled: false, serverUrl: null, callbackUrl: null },
    version,
    updatedAt: null,
    updatedBy: null,
  };
}

interface ServeOptions extends ManagedListOptions<DocumentSave> {
  /** Answers POST /api/sops/{id}/onlyoffice ('not configured' by default). */
  editor?: (id: string) => Response | Promise<Response>;
}

/**
 * GET and PUT /api/sops?scope=manage (a save answers as the server would: ids and dates given,
 * and what it normalised), and the editor configuration of a document.
 */
function serve({ editor, ...options }: ServeOptions = {}) {
  const opened: string[] = [];
  const served = serveManagedList<DocumentSave>(
    {
      path: '/api/sops',
      list: () => list(),
      echo: (body) => ({
        ...list(body.version + 1),
        documents: body.documents.map((d) => ({
          ...d,
          id: d.id === '' ? 'doc-new' : d.id,
          title: `${d.title} (saved)`,
          updatedAt: '2026-04-01T10:00:00Z',
        })),
      }),
      other: (request) => {
        const url = new URL(request.url, 'http://localhost');
        const open = /^\/api\/sops\/([^/]+)\/onlyoffice$/.exec(url.pathname);
        if (open === null || request.method !== 'POST') return undefined;
        const id = decodeURIComponent(open[1] ?? '');
        opened.push(id);
        const answer: EditorAnswer = { enabled: false, serverUrl: null, config: null, message: NOT_CONFIGURED };
        return editor ? editor(id) : json(answer);
      },
    },
    options,
  );
  return { ...served, opened };
}

const screenCards = managementScreen('SOP & presentation management', 'document-card');
const { cardOf, loaded } = screenCards;
const titlesOf = (container: HTMLElement) =>
  within(container)
    .getAllByTestId('document-card')
    .map((card) => within(card).getByRole('heading').textContent);

describe('SopManagementPage', { timeout: 20_000 }, () => {
  beforeEach(resetAppStores);
  afterEach(() => {
    vi.restoreAllMocks();
  });

  itManagesTheCatalogue<DocumentSave, DocumentManagement>({
    route: '/command/sops',
    list,
    key: 'documents',
    nameField: 'title',
    serve,
    cards: screenCards,
    texts: {
      add: 'New document',
      addTitle: 'New document',
      create: 'Create document',
      created: 'Document created',
      removed: 'Document removed',
      confirmDelete: 'Remove this document?',
      empty: 'No documents published yet',
      emptyTestId: 'documents-empty',
      unableToLoad: 'Unable to load documents',
      failedToLoad: 'Failed to load documents',
      failedToSave: 'Failed to save documents',
    },
    fillNew: async (dialog, user, name) => {
      await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), name);
      await user.type(within(dialog).getByRole('textbox', { name: 'Content' }), '10-4');
    },
    editField: 'Short summary',
  });

  it('groups the documents by type, sorted by title, with their rank, summary, date and buttons', async () => {
    serve();
    renderApp('/command/sops');
    await loaded();
    expect(screen.getByRole('button', { name: 'New document' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeTruthy();
    expect(screen.getByTestId('integration-status').textContent).toBe('OnlyOffice integration: inactive');

    const sops = screen.getByTestId('document-group-sop');
    expect(within(sops).getByRole('heading', { level: 2, name: 'Standard operating procedures' })).toBeTruthy();
    expect(titlesOf(sops)).toEqual(['Arrest procedure', 'Vehicle pursuits']);
    const presentations = screen.getByTestId('document-group-presentation');
    expect(within(presentations).getByRole('heading', { level: 2, name: 'Presentations' })).toBeTruthy();
    expect(titlesOf(presentations)).toEqual(['Onboarding']);

    const pursuits = cardOf('Vehicle pursuits')!;
    expect(within(pursuits).getByTestId('document-min-level').textContent).toBe('Minimum rank: Deputy');
    expect(within(pursuits).getByText('When to start and stop a pursuit.')).toBeTruthy();
    expect(within(pursuits).getByTestId('document-updated').textContent).toBe('Last updated: 3 Mar 2026');
    expect(within(cardOf('Onboarding')!).getByTestId('document-min-level').textContent).toBe('Minimum rank: Supervisor');
    for (const name of ['Open in OnlyOffice', 'Edit', 'Delete']) {
      expect(within(pursuits).getByRole('button', { name })).toBeTruthy();
    }
  });

  it('says when the editor integration is active', async () => {
    serve({ read: () => json(list(2, true)) });
    renderApp('/command/sops');
    await loaded();
    expect(screen.getByTestId('integration-status').textContent).toBe(
      'OnlyOffice integration: active (https://docs.example.org/)',
    );
  });

  it('creates a document: title and content required, levels up to the viewer, the list becomes the answer', async () => {
    const show = vi.spyOn(notifications, 'show');
    const { saves } = serve();
    const user = userEvent.setup();
    renderApp('/command/sops');
    await loaded();
    await user.click(screen.getByRole('button', { name: 'New document' }));
    const dialog = await screen.findByRole('dialog', { name: 'New document' });

    await user.click(within(dialog).getByRole('button', { name: 'Create document' }));
    expect(await within(dialog).findByText('Title is required')).toBeTruthy();
    expect(within(dialog).getByText('Content is required')).toBeTruthy();
    expect(saves).toHaveLength(0);

    // A Command member publishes for Command and below only.
    await user.click(within(dialog).getByRole('combobox', { name: 'Minimum rank' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Deputy', 'Supervisor', 'Command']);
    await user.click(screen.getByRole('option', { name: 'Supervisor' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Document type' }));
    await user.click(await screen.findByRole('option', { name: 'Presentation' }));

    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), '  Radio codes ');
    expect(within(dialog).queryByText('Title is required')).toBeNull();
    await user.type(within(dialog).getByRole('textbox', { name: 'Short summary' }), 'Ten codes.');
    await user.type(within(dialog).getByRole('textbox', { name: 'Content' }), '10-4 Understood{enter}10-8 In service{enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Create document' }));
    await waitFor(() => {
      expect(saves).toHaveLength(1);
    });
    expect(saves[0]?.version).toBe(2);
    expect(saves[0]?.documents.slice(0, 3)).toEqual(list().documents);
    expect(saves[0]?.documents[3]).toEqual({
      id: '',
      title: 'Radio codes',
      summary: 'Ten codes.',
      content: '10-4 Understood\n10-8 In service',
      type: 'presentation',
      minLevel: 'supervisor',
    });
    expect(await screen.findByText('Document created')).toBeTruthy();
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ color: 'green', title: 'Document created' }));
    await waitFor(() => {
      expect(titlesOf(screen.getByTestId('document-group-presentation'))).toEqual([
        'Onboarding (saved)',
        'Radio codes (saved)',
      ]);
    });
    expect(screen.queryByRole('dialog', { name: 'New document' })).toBeNull();
  });

  it('offers every level to High Command', async () => {
    const hc = { level: 'high_command', isHighCommand: true };
    serve({ viewer: hc });
    const user = userEvent.setup();
    renderApp('/command/sops');
    await loaded();
    await user.click(screen.getByRole('button', { name: 'New document' }));
    const dialog = await screen.findByRole('dialog', { name: 'New document' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Minimum rank' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Deputy', 'Supervisor', 'Command', 'High Command']);
  });

  it("edits in 'Edit {title}' and says 'Document updated'", async () => {
    const show = vi.spyOn(notifications, 'show');
    const { saves } = serve();
    const user = userEvent.setup();
    renderApp('/command/sops');
    await loaded();
    await user.click(within(cardOf('Vehicle pursuits')!).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Vehicle pursuits' });
    const content = within(dialog).getByRole<HTMLTextAreaElement>('textbox', { name: 'Content' });
    expect(content.value).toBe('Call it in.');
    await user.clear(content);
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('Content is required')).toBeTruthy();
    await user.type(content, 'Call it in first.');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => {
      expect(saves).toHaveLength(1);
    });
    expect(saves[0]?.documents.map((d) => d.id)).toEqual(['doc-2', 'doc-3', 'doc-1']);
    expect(saves[0]?.documents[0]).toMatchObject({ id: 'doc-2', content: 'Call it in first.', minLevel: 'deputy', type: 'sop' });
    expect(await screen.findByText('Document updated')).toBeTruthy();
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ color: 'green', title: 'Document updated' }));
  });

  it("'Open in OnlyOffice' shows the server's message when the editor is not configured", async () => {
    const { opened } = serve();
    const user = userEvent.setup();
    renderApp('/command/sops');
    await loaded();
    await user.click(within(cardOf('Vehicle pursuits')!).getByRole('button', { name: 'Open in OnlyOffice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Open in OnlyOffice: Vehicle pursuits' });
    expect((await within(dialog).findByTestId('editor-unavailable')).textContent).toBe(NOT_CONFIGURED);
    expect(dialog.textContent).toContain('ONLYOFFICE_URL');
    expect(dialog.textContent).toContain('ONLYOFFICE_JWT_SECRET');
    expect(opened).toEqual(['doc-2']);
  });

  it("'Open in OnlyOffice' shows the generated configuration when enabled", async () => {
    const config: EditorAnswer['config'] = {
      document: {
        fileType: 'txt',
        key: 'rawlife-doc-2-1',
        title: 'Vehicle pursuits.txt',
        url: 'http://127.0.0.1/api/sops/doc-2/file?token=t',
        permissions: { edit: false, download: true, print: true },
      },
      documentType: 'word',
      editorConfig: { mode: 'view', lang: 'en', user: { id: '1', name: 'Eli Stone' } },
      token: 'signed',
    };
    serve({
      read: () => json(list(2, true)),
      editor: () => json({ enabled: true, serverUrl: 'https://docs.example.org/', config, message: null }),
    });
    const user = userEvent.setup();
    renderApp('/command/sops');
    await loaded();
    await user.click(within(cardOf('Vehicle pursuits')!).getByRole('button', { name: 'Open in OnlyOffice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Open in OnlyOffice: Vehicle pursuits' });
    const code = await within(dialog).findByTestId('editor-config');
    expect(code.textContent).toBe(JSON.stringify(config, null, 2));
    expect(within(dialog).getByRole('link', { name: 'https://docs.example.org/' })).toBeTruthy();
  });

  it("'Open in OnlyOffice' says 'Failed to prepare OnlyOffice config' when the call fails", async () => {
    serve({
      editor: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const user = userEvent.setup();
    renderApp('/command/sops');
    await loaded();
    await user.click(within(cardOf('Onboarding')!).getByRole('button', { name: 'Open in OnlyOffice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Open in OnlyOffice: Onboarding' });
    expect(await within(dialog).findByText('Failed to prepare OnlyOffice config')).toBeTruthy();
  });

  it('is read-only on leave of absence, but documents still open in the editor', async () => {
    serve({ viewer: { canManage: false } });
    renderApp('/command/sops');
    await loaded();
    expect(screen.getByTestId('loa-notice')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New document' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Open in OnlyOffice' })).toHaveLength(3);
  });
});
