import type { Config, DocEditor } from '@onlyoffice/doceditor-types';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { components } from '@/api/schema';
import { act, fireEvent, render, screen, waitFor, within } from '@/test-utils/render';
import { EditorPreviewModal } from './EditorPreviewModal';

type EditorAnswer = components['schemas']['EditorAnswer'];
type EditorConfig = NonNullable<EditorAnswer['config']>;

const SERVER = 'https://docs.example.org/';
const NOT_CONFIGURED =
  'The document editor is not configured: set ONLYOFFICE_URL and ONLYOFFICE_JWT_SECRET on the server to enable it.';
const HEADING = 'Open in OnlyOffice: Vehicle pursuits';

function configOf(mode: 'edit' | 'view', fileType = 'docx'): EditorConfig {
  return {
    document: {
      fileType,
      key: 'rawlife-doc-2-v3',
      title: 'Pursuits.docx',
      url: 'http://127.0.0.1:8080/api/sops/doc-2/source/file?agency=rawlife&token=f',
      permissions: { edit: mode === 'edit', download: true, print: true },
    },
    documentType: 'word',
    editorConfig: {
      mode,
      lang: 'en',
      user: { id: '100000000000000002', name: 'Jordan Reyes' },
      ...(mode === 'edit' ? { callbackUrl: 'http://127.0.0.1:8080/api/sops/doc-2/onlyoffice/callback?agency=rawlife&token=c' } : {}),
    },
    token: 'signed.config.token',
  };
}

const enabled = (config: EditorConfig): EditorAnswer => ({ enabled: true, serverUrl: SERVER, config, message: null });

/**
 * A `window.DocsAPI` that does what the real one does with its placeholder: the editor takes
 * its place, and `destroyEditor` puts an empty one back. Records every editor made.
 */
function fakeDocsApi() {
  const made: { id: string; config: Config }[] = [];
  const destroyed: string[] = [];
  window.DocsAPI = {
    DocEditor: (id, config) => {
      made.push({ id, config });
      const frame = document.createElement('div');
      frame.setAttribute('data-testid', 'fake-editor');
      frame.textContent = `${config.document?.title ?? ''} (${config.editorConfig?.mode ?? ''})`;
      const target = document.getElementById(id);
      target?.parentNode?.replaceChild(frame, target);
      const editor = {
        destroyEditor: () => {
          destroyed.push(id);
          const placeholder = document.createElement('div');
          placeholder.id = id;
          frame.parentNode?.replaceChild(placeholder, frame);
        },
      };
      return editor as unknown as DocEditor;
    },
  };
  return {
    made,
    destroyed,
    /** The editor says it is up (its onAppReady). */
    ready: () => {
      act(() => {
        made.at(-1)?.config.events?.onAppReady?.();
      });
    },
  };
}

function open(props: Partial<Parameters<typeof EditorPreviewModal>[0]> = {}) {
  const onClose = vi.fn();
  const view = render(
    <EditorPreviewModal title="Vehicle pursuits" status="success" answer={undefined} error={null} onClose={onClose} {...props} />,
  );
  return { ...view, onClose, dialog: () => screen.getByRole('dialog', { name: HEADING }) };
}

describe('EditorPreviewModal (Open in OnlyOffice)', () => {
  afterEach(() => {
    delete window.DocsAPI;
    delete window.DocEditor;
    document.getElementById('onlyoffice-api-script')?.remove();
  });

  it('says it prepares the configuration, then shows a refusal as it came', () => {
    const { rerender } = open({ status: 'pending' });
    expect(within(screen.getByRole('dialog', { name: HEADING })).getByText('Preparing the editor configuration…')).toBeTruthy();
    rerender(
      <EditorPreviewModal title="Vehicle pursuits" status="error" answer={undefined} error="Failed to prepare OnlyOffice config" onClose={vi.fn()} />,
    );
    expect(screen.getByRole('alert').textContent).toBe('Failed to prepare OnlyOffice config');
  });

  it("shows the server's message naming the settings when the editor is not configured, and loads nothing", () => {
    const docs = fakeDocsApi();
    const { dialog } = open({ answer: { enabled: false, serverUrl: null, config: null, message: NOT_CONFIGURED } });
    expect(within(dialog()).getByTestId('editor-unavailable').textContent).toBe(NOT_CONFIGURED);
    expect(within(dialog()).queryByTestId('editor-frame')).toBeNull();
    expect(within(dialog()).queryByTestId('editor-config')).toBeNull();
    expect(docs.made).toEqual([]);
  });

  it('mounts the editor with the signed configuration as it came, for editing, and destroys it on close', async () => {
    const docs = fakeDocsApi();
    const config = configOf('edit');
    const { dialog, unmount } = open({ answer: enabled(config) });
    // Loading until the editor says it is up.
    expect(within(dialog()).getByTestId('editor-loading').textContent).toBe('Loading OnlyOffice from https://docs.example.org/…');
    await waitFor(() => {
      expect(docs.made).toHaveLength(1);
    });
    const made = docs.made[0];
    expect(made?.id).toBe('onlyoffice-editor');
    // Field for field what the portal signed, with the component's events and size.
    expect(made?.config).toMatchObject({ ...config, width: '100%', height: '100%' });
    expect(made?.config.editorConfig?.callbackUrl).toBe(config.editorConfig.callbackUrl);
    expect(within(dialog()).getByTestId('fake-editor').textContent).toBe('Pursuits.docx (edit)');
    expect(within(dialog()).getByTestId('editor-loading')).toBeTruthy();
    docs.ready();
    expect(within(dialog()).queryByTestId('editor-loading')).toBeNull();
    expect(dialog().textContent).toContain(
      'Opened in OnlyOffice at https://docs.example.org/: the Office file is open for editing; each save becomes its next version.',
    );
    expect(within(dialog()).getByRole('link', { name: SERVER }).getAttribute('href')).toBe(SERVER);

    // The spec's preview: the configuration, folded under the editor.
    const section = within(dialog()).getByRole('button', { name: 'Editor configuration' });
    expect(section.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(section);
    expect(section.getAttribute('aria-expanded')).toBe('true');
    expect(within(dialog()).getByTestId('editor-config').textContent).toBe(JSON.stringify(config, null, 2));

    unmount();
    expect(docs.destroyed).toEqual(['onlyoffice-editor']);
  });

  it('opens read-only when the configuration says view', async () => {
    const docs = fakeDocsApi();
    const { dialog } = open({ answer: enabled(configOf('view')) });
    expect(await within(dialog()).findByTestId('fake-editor')).toBeTruthy();
    expect(docs.made[0]?.config.editorConfig?.mode).toBe('view');
    expect(docs.made[0]?.config.editorConfig).not.toHaveProperty('callbackUrl');
    docs.ready();
    expect(dialog().textContent).toContain('Opened in OnlyOffice at https://docs.example.org/: read-only.');
  });

  it("loads the document server's api.js, and names the server when it cannot be loaded", async () => {
    const { dialog } = open({ answer: enabled(configOf('edit')) });
    const script = await waitFor(() => {
      const found = document.getElementById('onlyoffice-api-script');
      if (!(found instanceof HTMLScriptElement)) throw new Error('no editor script yet');
      return found;
    });
    expect(script.src).toBe('https://docs.example.org/web-apps/apps/api/documents/api.js?shardkey=rawlife-doc-2-v3');
    expect(within(dialog()).getByTestId('editor-loading')).toBeTruthy();
    act(() => {
      fireEvent.error(script);
    });
    const alert = await within(dialog()).findByTestId('editor-load-error');
    expect(alert.textContent).toBe(
      'OnlyOffice could not be loaded from https://docs.example.org/ (Error load DocsAPI from https://docs.example.org/). Check that the document server is running and that this page can reach it.',
    );
    expect(within(dialog()).queryByTestId('editor-loading')).toBeNull();
    // The configuration stays available.
    expect(within(dialog()).getByRole('button', { name: 'Editor configuration' })).toBeTruthy();
  });

  it('does not open a configuration the editor would not take, and shows it', () => {
    const docs = fakeDocsApi();
    const config = configOf('view', 'xlsx');
    const { dialog } = open({ answer: enabled(config) });
    expect(within(dialog()).getByTestId('editor-unsupported').textContent).toBe(
      'This document cannot be opened in OnlyOffice: its configuration is shown below.',
    );
    expect(within(dialog()).queryByTestId('editor-frame')).toBeNull();
    expect(within(dialog()).getByTestId('editor-config').textContent).toBe(JSON.stringify(config, null, 2));
    expect(docs.made).toEqual([]);
  });
});
