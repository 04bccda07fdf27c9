/**
 * The document editor mounted in the page (issue 28, "Office files"): the portal's signed
 * editor configuration as OnlyOffice's `DocsAPI.DocEditor` takes it, the placeholder's id and
 * the editor's texts. Pure.
 */

import type { Config, DocumentType, FileType, Lang } from '@onlyoffice/doceditor-types';
import { EDITOR_NAME } from './sops';

/** The editor configuration as the portal answers it (`EditorConfig` of the API). */
export interface PortalEditorConfig {
  document: {
    fileType: string;
    key: string;
    title: string;
    url: string;
    permissions: { edit: boolean; download: boolean; print: boolean };
  };
  documentType: string;
  editorConfig: {
    mode: string;
    lang: string;
    user: { id: string; name: string };
    callbackUrl?: string | null;
  };
  token?: string | null;
}

/** The id of the element the editor replaces (one editor is open at a time). */
export const EDITOR_PLACEHOLDER_ID = 'onlyoffice-editor';

// What the portal's configurations name (`server/src/features/sops/editor.rs`, `office.rs`).
const DOCUMENT_TYPES = ['word', 'slide'] as const satisfies readonly DocumentType[];
const FILE_TYPES = ['docx', 'pptx', 'txt'] as const satisfies readonly FileType[];
const LANGUAGES = ['en'] as const satisfies readonly Lang[];
const MODES = ['view', 'edit'] as const;

function oneOf<T extends string>(values: readonly T[], value: string): value is T {
  return values.some((known) => known === value);
}

/**
 * `config` as the editor's `DocsAPI.DocEditor` takes it, field for field (the `token` signs
 * them as they are), or null when it names a document type, file type, language or mode the
 * portal never sends: the editor is then not opened.
 */
export function docsEditorConfig(config: PortalEditorConfig): Config | null {
  const { document, documentType, editorConfig, token } = config;
  const { fileType } = document;
  const { mode, lang, callbackUrl } = editorConfig;
  if (!oneOf(DOCUMENT_TYPES, documentType) || !oneOf(FILE_TYPES, fileType)) return null;
  if (!oneOf(MODES, mode) || !oneOf(LANGUAGES, lang)) return null;
  return {
    document: {
      fileType,
      key: document.key,
      title: document.title,
      url: document.url,
      permissions: { ...document.permissions },
    },
    documentType,
    editorConfig: {
      mode,
      lang,
      user: { ...editorConfig.user },
      ...(callbackUrl != null ? { callbackUrl } : {}),
    },
    ...(token != null ? { token } : {}),
  };
}

/** While the editor's script loads and the editor starts. */
export function editorLoadingText(serverUrl: string): string {
  return `Loading ${EDITOR_NAME} from ${serverUrl}…`;
}

/**
 * When the editor's script (`api.js`) could not be loaded or the editor not started: the
 * server's address, and what the editor component reported.
 */
export function editorLoadErrorText(serverUrl: string, description: string): string {
  const why = description.trim();
  return `${EDITOR_NAME} could not be loaded from ${serverUrl}${why === '' ? '' : ` (${why})`}. Check that the document server is running and that this page can reach it.`;
}

/** When the configuration is not one the editor takes. */
export const EDITOR_UNSUPPORTED = `This document cannot be opened in ${EDITOR_NAME}: its configuration is shown below.`;

/** How the document is open, after "Opened in OnlyOffice at {address}: ". */
export function editorIntro(editing: boolean): string {
  return editing ? 'the Office file is open for editing; each save becomes its next version.' : 'read-only.';
}
