import type { Config } from '@onlyoffice/doceditor-types';
import { DocumentEditor } from '@onlyoffice/document-editor-react';
import { EDITOR_PLACEHOLDER_ID } from '../lib/editor';

export interface OfficeEditorProps {
  /** The document server (`ONLYOFFICE_URL`), whose `web-apps/apps/api/documents/api.js` is loaded. */
  serverUrl: string;
  config: Config;
  /** The editor is up (its `onAppReady`). */
  onReady: () => void;
  /** `api.js` could not be loaded, or the editor not started: what the component says. */
  onLoadError: (description: string) => void;
}

/**
 * OnlyOffice's own React component (`@onlyoffice/document-editor-react`), loaded only when a
 * document opens in the editor (it is imported lazily, outside the main bundle). It adds the
 * document server's `api.js` to the page once, then calls `DocsAPI.DocEditor(id, config)`,
 * which replaces its placeholder with the editor; unmounting calls `destroyEditor()`. The
 * editor fills the box it is in, which must hold nothing else: the placeholder it replaces is
 * no longer React's.
 */
export function OfficeEditor({ serverUrl, config, onReady, onLoadError }: OfficeEditorProps) {
  return (
    <DocumentEditor
      id={EDITOR_PLACEHOLDER_ID}
      documentServerUrl={serverUrl}
      config={config}
      width="100%"
      height="100%"
      events_onAppReady={() => {
        onReady();
      }}
      onLoadComponentError={(_code, description) => {
        onLoadError(description);
      }}
    />
  );
}
