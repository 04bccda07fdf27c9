import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { components } from '@/api/schema';
import { resetAppStores } from '@/test-utils/app';
import { managementScreen, serveManagedList, type ManagedListOptions } from '@/test-utils/catalogue';
import { itManagesTheCatalogue } from '@/test-utils/catalogue-suite';
import { DownSocket } from '@/test-utils/down-socket';
import { bodyOf, json, type RecordedRequest } from '@/test-utils/fixtures';
import { screen, waitFor, within } from '@/test-utils/render';
import { pursuitsSop } from './fixtures';

type DocumentManagement = components['schemas']['DocumentManagement'];
type DocumentSave = components['schemas']['DocumentSave'];
type EditorAnswer = components['schemas']['EditorAnswer'];
type Draft = components['schemas']['Draft'];
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
    drafts: [
      { id: 'doc-2', publishedVersion: 3, unpublished: true },
      { id: 'doc-3', publishedVersion: 1, unpublished: false },
    ],
  };
}

interface ServeOptions extends ManagedListOptions<DocumentSave> {
  /** Answers POST /api/sops/{id}/onlyoffice ('not configured' by default). */
  editor?: (id: string) => Response | Promise<Response>;
  /** Answers the draft and history calls (/api/sops/{id}/draft, …/publish, …/versions…). */
  drafts?: (request: RecordedRequest, path: string) => Response | undefined;
}

/**
 * GET and PUT /api/sops?scope=manage (a save answers as the server would: ids and dates given,
 * and what it normalised), and the editor configuration of a document.
 */
function serve({ editor, drafts, ...options }: ServeOptions = {}) {
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
        if (drafts !== undefined && /^\/api\/sops\/[^/]+\/(draft|publish|versions)/.test(url.pathname)) {
          return drafts(request, url.pathname);
        }
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

const screenCards = managementScreen('SOP & presentation management', 'document-card', '/command/sops');
const { cardOf, open: openPage } = screenCards;
const titlesOf = (container: HTMLElement) =>
  within(container)
    .getAllByTestId('document-card')
    .map((card) => within(card).getByRole('heading').textContent);

describe('SopManagementPage', { timeout: 20_000 }, () => {
  beforeEach(() => {
    resetAppStores();
    vi.stubGlobal('WebSocket', DownSocket);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
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
    await openPage();
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
    await openPage();
    expect(screen.getByTestId('integration-status').textContent).toBe(
      'OnlyOffice integration: active (https://docs.example.org/)',
    );
  });

  it('creates a document: title and content required, levels up to the viewer, the list becomes the answer', async () => {
    const show = vi.spyOn(notifications, 'show');
    const { saves } = serve();
    const user = await openPage();
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
      // The empty paragraph the last Enter made is dropped (the server drops it too).
      content: '<p>10-4 Understood</p><p>10-8 In service</p>',
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
    const user = await openPage();
    await user.click(screen.getByRole('button', { name: 'New document' }));
    const dialog = await screen.findByRole('dialog', { name: 'New document' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Minimum rank' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Deputy', 'Supervisor', 'Command', 'High Command']);
  });

  it("edits in 'Edit {title}' and says 'Document updated'; content left alone stays as published", async () => {
    const show = vi.spyOn(notifications, 'show');
    const { saves } = serve();
    const user = await openPage();
    await user.click(within(cardOf('Vehicle pursuits')!).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Vehicle pursuits' });
    // The spec's Content field is there, with the published text; saving a change publishes it.
    expect((await within(dialog).findByRole('textbox', { name: 'Content' })).textContent).toBe('Call it in.');
    expect(within(dialog).getByTestId('document-content').textContent).toContain('publishes it as a new version at once');
    // A click into the content changes nothing: the stored text goes back as it was.
    await user.click(within(dialog).getByRole('textbox', { name: 'Content' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Short summary' }), ' Always.');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => {
      expect(saves).toHaveLength(1);
    });
    expect(saves[0]?.documents.map((d) => d.id)).toEqual(['doc-2', 'doc-3', 'doc-1']);
    expect(saves[0]?.documents[0]).toMatchObject({
      id: 'doc-2',
      content: 'Call it in.',
      summary: 'When to start and stop a pursuit. Always.',
      minLevel: 'deputy',
      type: 'sop',
    });
    expect(await screen.findByText('Document updated')).toBeTruthy();
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ color: 'green', title: 'Document updated' }));
  });

  it("sends a content change made in 'Edit {title}' (the server publishes it as a new version)", async () => {
    const { saves } = serve();
    const user = await openPage();
    await user.click(within(cardOf('Vehicle pursuits')!).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Vehicle pursuits' });
    const editor = await within(dialog).findByRole('textbox', { name: 'Content' });
    await user.click(editor);
    await user.keyboard('{Control>}a{/Control}Stop when told.');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => {
      expect(saves).toHaveLength(1);
    });
    expect(saves[0]?.documents[0]).toMatchObject({ id: 'doc-2', content: '<p>Stop when told.</p>' });
    expect(await screen.findByText('Document updated')).toBeTruthy();
  });

  it("shows each document's published version and whether a draft waits", async () => {
    serve();
    await openPage();
    expect(within(cardOf('Vehicle pursuits')!).getByTestId('document-state').textContent).toBe('Version 3 published · draft waiting');
    expect(within(cardOf('Onboarding')!).getByTestId('document-state').textContent).toBe('Version 1 published');
    expect(within(cardOf('Arrest procedure')!).queryByTestId('document-state')).toBeNull();
    for (const name of ['Edit draft', 'History']) {
      expect(within(cardOf('Vehicle pursuits')!).getByRole('button', { name })).toBeTruthy();
    }
  });

  it("'Open in OnlyOffice' shows the server's message when the editor is not configured", async () => {
    const { opened } = serve();
    const user = await openPage();
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
    const user = await openPage();
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
    const user = await openPage();
    await user.click(within(cardOf('Onboarding')!).getByRole('button', { name: 'Open in OnlyOffice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Open in OnlyOffice: Onboarding' });
    expect(await within(dialog).findByText('Failed to prepare OnlyOffice config')).toBeTruthy();
  });

  it('is read-only on leave of absence, but documents still open in the editor', async () => {
    serve({ viewer: { canManage: false } });
    await openPage();
    expect(screen.getByTestId('loa-notice')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New document' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Open in OnlyOffice' })).toHaveLength(3);
  });

  describe('drafts and history (issue 28)', () => {
    const draft = (overrides: Partial<Draft> = {}): Draft => ({
      id: 'doc-2',
      title: 'Vehicle pursuits',
      content: '<p>Call it in.</p>',
      revision: 4,
      updatedAt: '2026-03-04T10:00:00Z',
      updatedBy: 'Eli Stone',
      publishedVersion: 3,
      publishedAt: '2026-03-03T10:00:00Z',
      publishedBy: 'Ada Reyes',
      unpublished: false,
      ...overrides,
    });

    /** The draft calls as the server answers them, recorded. */
    function serveDrafts(answers: Partial<Record<string, (request: RecordedRequest) => Response>> = {}) {
      const calls: { method: string; path: string; body: unknown }[] = [];
      serve({
        drafts: (request, path) => {
          calls.push({ method: request.method, path, body: bodyOf(request) });
          const own = answers[`${request.method} ${path}`];
          if (own !== undefined) return own(request);
          if (request.method === 'GET' && path.endsWith('/draft')) return json(draft());
          if (request.method === 'PUT' && path.endsWith('/draft')) {
            const body = bodyOf(request) as { content: string };
            return json(draft({ content: body.content, revision: 5, unpublished: true }));
          }
          if (path.endsWith('/publish')) return json(draft({ revision: 5, publishedVersion: 4, unpublished: false }));
          if (path === '/api/sops/doc-2/versions') {
            return json({
              id: 'doc-2',
              title: 'Vehicle pursuits',
              versions: [
                { version: 2, author: 'Ada Reyes', publishedAt: '2026-03-03T10:00:00Z', contributors: ['Eli Stone', 'Ada Reyes'] },
                { version: 1, author: 'Eli Stone', publishedAt: '2026-01-01T10:00:00Z', contributors: [] },
              ],
            });
          }
          if (path === '/api/sops/doc-2/versions/2') {
            return json({
              version: 2,
              author: 'Ada Reyes',
              publishedAt: '2026-03-03T10:00:00Z',
              content: '<p>Call it in first.</p>',
              previous: 1,
              contributors: ['Eli Stone', 'Ada Reyes'],
              diff: [
                { change: 'same', text: 'Call it in' },
                { change: 'removed', text: '.' },
                { change: 'added', text: ' first.' },
              ],
            });
          }
          if (path === '/api/sops/doc-2/versions/1') {
            return json({
              version: 1,
              author: 'Eli Stone',
              publishedAt: '2026-01-01T10:00:00Z',
              content: '<p>Call it in.</p>',
              previous: null,
              contributors: [],
              diff: [{ change: 'added', text: 'Call it in.' }],
            });
          }
          if (path.endsWith('/restore')) return json(draft({ revision: 5, unpublished: true }));
          return undefined;
        },
      });
      return calls;
    }

    async function openDraft() {
      const user = await openPage();
      await user.click(within(cardOf('Vehicle pursuits')!).getByRole('button', { name: 'Edit draft' }));
      const dialog = await screen.findByRole('dialog', { name: 'Draft: Vehicle pursuits' });
      await within(dialog).findByTestId('draft-status');
      return { user, dialog };
    }

    it('opens the live editor: it says changes save themselves, who else edits, and that it is offline without a connection', async () => {
      serveDrafts();
      const { dialog } = await openDraft();
      expect(within(dialog).getByTestId('draft-status').textContent).toBe(
        'PublishedMembers read version 3, published 3 Mar 2026 by Ada Reyes.',
      );
      expect(within(dialog).getByTestId('collab-status').textContent).toMatch(/^(Connecting…|Offline: your changes will be sent when the connection returns)$/);
      expect(within(dialog).getByText(/Changes save themselves as you type/)).toBeTruthy();
      expect(within(dialog).getByTestId('collab-people').textContent).toBe('No one else is editing.');
      expect(within(dialog).queryByRole('button', { name: 'Save draft' })).toBeNull();
      // The content comes only from the shared document: nothing to edit before it has come.
      const editor = within(dialog).getByRole('textbox', { name: 'Content' });
      expect(editor.getAttribute('contenteditable')).toBe('false');
      expect(editor.textContent).toBe('');
      // The network is down (no server here): offline, and the draft call says the member may still edit.
      await waitFor(() => {
        expect(within(dialog).getByTestId('collab-status').textContent).toBe('Offline: your changes will be sent when the connection returns');
      });
      expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Publish' }).disabled).toBe(true);
      expect(within(dialog).getByTestId('publish-hint').textContent).toBe('The draft is the same as the published version.');
    });

    it('publishes the revision the draft has when Publish is pressed, after asking', async () => {
      const show = vi.spyOn(notifications, 'show');
      let reads = 0;
      const calls = serveDrafts({
        'GET /api/sops/doc-2/draft': () => {
          reads += 1;
          return json(draft({ unpublished: true, revision: reads === 1 ? 4 : 9 }));
        },
      });
      const { user, dialog } = await openDraft();
      expect(within(dialog).getByText('Unpublished changes')).toBeTruthy();
      const before = calls.filter((c) => c.method === 'GET').length;
      await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
      const question = await screen.findByRole('dialog', { name: 'Publish this draft?' });
      // The draft was read again for its current revision (the others' changes so far).
      expect(calls.filter((c) => c.method === 'GET').length).toBeGreaterThan(before);
      await user.click(within(question).getByRole('button', { name: 'Publish' }));
      await waitFor(() => {
        expect(calls.find((c) => c.path === '/api/sops/doc-2/publish')?.body).toEqual({ revision: 9 });
      });
      await waitFor(() => {
        expect(show).toHaveBeenCalledWith(expect.objectContaining({ color: 'green', message: 'Document published' }));
      });
      // The answer is what members read now.
      expect(await within(dialog).findByText('Members read version 4, published 3 Mar 2026 by Ada Reyes.')).toBeTruthy();
      expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Publish' }).disabled).toBe(true);
    });

    it('says so when the draft changed between reading and publishing (409)', async () => {
      const show = vi.spyOn(notifications, 'show');
      serveDrafts({
        'GET /api/sops/doc-2/draft': () => json(draft({ unpublished: true })),
        'POST /api/sops/doc-2/publish': () =>
          json(
            {
              error: 'Someone else saved this draft since you opened it. Review their changes and save again.',
              current: draft({ revision: 6, unpublished: true }),
            },
            409,
          ),
      });
      const { user, dialog } = await openDraft();
      await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
      const question = await screen.findByRole('dialog', { name: 'Publish this draft?' });
      await user.click(within(question).getByRole('button', { name: 'Publish' }));
      await waitFor(() => {
        expect(show).toHaveBeenCalledWith(
          expect.objectContaining({
            color: 'red',
            title: 'Failed to publish the document',
            message: 'Someone else saved this draft since you opened it. Review their changes and save again.',
          }),
        );
      });
    });

    it('does not ask when the draft read at Publish is the same as the published version', async () => {
      let reads = 0;
      serveDrafts({
        'GET /api/sops/doc-2/draft': () => {
          reads += 1;
          return json(draft({ unpublished: reads === 1 }));
        },
      });
      const { user, dialog } = await openDraft();
      await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
      await waitFor(() => {
        expect(within(dialog).getByTestId('publish-hint').textContent).toBe('The draft is the same as the published version.');
      });
      expect(screen.queryByRole('dialog', { name: 'Publish this draft?' })).toBeNull();
      expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Publish' }).disabled).toBe(true);
    });

    it("stops and says why when the member may no longer reach the document (the socket refused, the draft call answers 403)", async () => {
      let reads = 0;
      serveDrafts({
        'GET /api/sops/doc-2/draft': () => {
          reads += 1;
          return reads === 1 ? json(draft({ unpublished: true })) : json({ error: 'You do not have permission to manage documents.' }, 403);
        },
      });
      const { dialog } = await openDraft();
      const status = await within(dialog).findByRole('alert');
      expect(status.textContent).toBe('Editing stoppedYou do not have permission to manage documents.The editor is read-only.');
      expect(within(dialog).getByRole('textbox', { name: 'Content' }).getAttribute('contenteditable')).toBe('false');
      expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Publish' }).disabled).toBe(true);
      expect(within(dialog).queryByTestId('collab-people')).toBeNull();
      // It stops trying: no more sockets, no more draft calls.
      const sockets = DownSocket.opened;
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(DownSocket.opened).toBe(sockets);
      expect(reads).toBe(2);
    });

    it("shows the server's sentence when the draft cannot be loaded or published", async () => {
      const show = vi.spyOn(notifications, 'show');
      serveDrafts({
        'GET /api/sops/doc-2/draft': () => json(draft({ unpublished: true })),
        'POST /api/sops/doc-2/publish': () => json({ error: 'The draft is the same as the published version.' }, 400),
      });
      const { user, dialog } = await openDraft();
      await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
      const question = await screen.findByRole('dialog', { name: 'Publish this draft?' });
      await user.click(within(question).getByRole('button', { name: 'Publish' }));
      await waitFor(() => {
        expect(show).toHaveBeenCalledWith(
          expect.objectContaining({ color: 'red', title: 'Failed to publish the document', message: 'The draft is the same as the published version.' }),
        );
      });
    });

    it('lists the published versions with a word diff, and restores one as the draft after asking', async () => {
      const show = vi.spyOn(notifications, 'show');
      const calls = serveDrafts();
      const user = await openPage();
      await user.click(within(cardOf('Vehicle pursuits')!).getByRole('button', { name: 'History' }));
      const dialog = await screen.findByRole('dialog', { name: 'History: Vehicle pursuits' });
      const select = await within(dialog).findByRole<HTMLSelectElement>('combobox', { name: 'Version' });
      expect([...select.options].map((o) => o.textContent)).toEqual([
        'Version 2 · 3 Mar 2026 · Ada Reyes',
        'Version 1 · 1 Jan 2026 · Eli Stone',
      ]);
      const diff = await within(dialog).findByTestId('version-diff');
      expect(diff.querySelector('del')?.textContent).toBe('.');
      expect(diff.querySelector('ins')?.textContent).toBe(' first.');
      expect(within(dialog).getByTestId('version-line').textContent).toBe(
        'Version 2, published 3 Mar 2026 by Ada Reyes. Written by Eli Stone and Ada Reyes. Changes from version 1:',
      );

      await user.selectOptions(select, '1');
      await waitFor(() => {
        expect(within(dialog).getByTestId('version-line').textContent).toBe(
          'Version 1, published 1 Jan 2026 by Eli Stone. The first version: all of it is new.',
        );
      });
      await user.click(within(dialog).getByRole('button', { name: 'Restore as draft' }));
      const question = await screen.findByRole('dialog', { name: 'Restore version 1?' });
      await user.click(within(question).getByRole('button', { name: 'Restore' }));
      await waitFor(() => {
        expect(calls.find((c) => c.path === '/api/sops/doc-2/versions/1/restore')?.body).toEqual({ revision: 4 });
      });
      await waitFor(() => {
        expect(show).toHaveBeenCalledWith(
          expect.objectContaining({ color: 'green', message: 'Version 1 is the draft again. Publish it to show it to members.' }),
        );
      });
    });

    it.each([
      { button: 'Edit draft', call: 'GET /api/sops/doc-2/draft', dialog: 'Draft: Vehicle pursuits', title: 'Unable to load the draft' },
      { button: 'History', call: 'GET /api/sops/doc-2/versions', dialog: 'History: Vehicle pursuits', title: 'Unable to load the history' },
    ])("$button says $title with the server's sentence", async ({ button, call, dialog: name, title }) => {
      serveDrafts({ [call]: () => json({ error: 'Document not found' }, 404) });
      const user = await openPage();
      await user.click(within(cardOf('Vehicle pursuits')!).getByRole('button', { name: button }));
      const dialog = await screen.findByRole('dialog', { name });
      const alert = await within(dialog).findByRole('alert');
      expect(alert.textContent).toContain(title);
      expect(alert.textContent).toContain('Document not found');
    });
  });
});
