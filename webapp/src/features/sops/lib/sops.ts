/**
 * SOPs and presentations (member-portal §2.10, §3 "Document", §4, §8; command-and-reports §2
 * "Document management", §3, §4, §5, §8, §9): texts, grouping and sorting, the minimum-rank
 * label, the editor's draft and its rules, the failure texts. Pure.
 */

import { catalogueFailureTexts, failureText, type CallFailure } from '@/lib/catalogue-failure';
import { reachesLevel } from '@/lib/document-level';

// ——— Texts (word for word from the spec) ———

export const UNABLE_TO_LOAD_SOPS = 'Unable to load SOPs';
export const UNABLE_TO_LOAD_DOCUMENTS = 'Unable to load documents';
export const FAILED_TO_LOAD_DOCUMENTS = 'Failed to load documents';
export const FAILED_TO_SAVE_DOCUMENTS = 'Failed to save documents';
export const FAILED_TO_PREPARE_EDITOR = 'Failed to prepare OnlyOffice config';
export const NO_DOCUMENTS_YET = 'No documents yet';
export const NO_DOCUMENTS_PUBLISHED = 'No documents published yet';
export const TITLE_REQUIRED = 'Title is required';
export const CONTENT_REQUIRED = 'Content is required';
export const DOCUMENT_CREATED = 'Document created';
export const DOCUMENT_UPDATED = 'Document updated';
export const DOCUMENT_REMOVED = 'Document removed';
export const CONFIRM_REMOVE_DOCUMENT = 'Remove this document?';
export const MANAGEMENT_TITLE = 'SOP & presentation management';
/** The document editor the integration talks to ('Open in OnlyOffice'). */
export const EDITOR_NAME = 'OnlyOffice';
/** Not given by the spec: what the search says when no document matches. */
export const NO_MATCHES = 'No documents match your search.';

// ——— Limits the server enforces (`server/src/features/sops/model.rs`) ———

export const DOCUMENT_TITLE_MAX = 120;
export const DOCUMENT_SUMMARY_MAX = 1000;
export const DOCUMENT_CONTENT_MAX = 100_000;

// ——— Types and groups ———

/** Document types (command-and-reports §9). */
export type DocumentType = 'sop' | 'presentation';

export const DOCUMENT_TYPES: readonly { value: DocumentType; label: string }[] = [
  { value: 'sop', label: 'SOP' },
  { value: 'presentation', label: 'Presentation' },
];

/** Group headings, in display order (member-portal §2.10). */
export const GROUP_LABELS: Readonly<Record<DocumentType, string>> = {
  sop: 'Standard operating procedures',
  presentation: 'Presentations',
};

/** A document as the API holds it (the fields the screens read). */
export interface DocumentLike {
  id?: string;
  title: string;
  type?: string;
  minLevel?: string;
  summary?: string;
  content: string;
  createdAt?: string | null;
  updatedAt?: string | null;
}

/**
 * The group a document belongs to: 'sop' (any case, or blank: the default type) under
 * 'Standard operating procedures', anything else under 'Presentations' (member-portal §2.10).
 */
export function documentType(type: string | undefined): DocumentType {
  const normalised = (type ?? '').trim().toLowerCase();
  return normalised === '' || normalised === 'sop' ? 'sop' : 'presentation';
}

export interface DocumentGroup<D> {
  type: DocumentType;
  label: string;
  documents: D[];
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** Compares by title: case-insensitive, numbers in numeric order ('SOP 2' before 'SOP 10'). */
export function byTitle(a: { title: string }, b: { title: string }): number {
  return collator.compare(a.title.trim(), b.title.trim());
}

/**
 * The documents grouped by type (SOPs first, then presentations), sorted by title within each
 * group; groups without documents are left out.
 */
export function groupDocuments<D extends DocumentLike>(documents: readonly D[]): DocumentGroup<D>[] {
  return (Object.keys(GROUP_LABELS) as DocumentType[])
    .map((type) => ({
      type,
      label: GROUP_LABELS[type],
      documents: documents.filter((d) => documentType(d.type) === type).sort(byTitle),
    }))
    .filter((group) => group.documents.length > 0);
}

/** The documents whose title or summary contains `query` (case-insensitive); all for a blank query. */
export function filterDocuments<D extends DocumentLike>(documents: readonly D[], query: string): D[] {
  const wanted = query.trim().toLowerCase();
  if (wanted === '') return [...documents];
  return documents.filter(
    (d) => d.title.toLowerCase().includes(wanted) || (d.summary ?? '').toLowerCase().includes(wanted),
  );
}

// ——— Levels ———

export interface LevelOption {
  id: string;
  label: string;
}

/** member-portal §9: a document's default minimum level. */
export const DEFAULT_MIN_LEVEL = 'deputy';

/** The minimum level a blank one stands for: deputy, or the lowest level of agencies without one (as the server does). */
export function defaultMinLevel(levels: readonly LevelOption[]): string {
  if (levels.some((l) => l.id === DEFAULT_MIN_LEVEL)) return DEFAULT_MIN_LEVEL;
  return levels[0]?.id ?? DEFAULT_MIN_LEVEL;
}

/** 'Minimum rank': the label of the document's level in the agency's levels (the id when unknown). */
export function levelLabel(levels: readonly LevelOption[], minLevel: string | undefined): string {
  const id = (minLevel ?? '').trim().toLowerCase() || defaultMinLevel(levels);
  return levels.find((l) => l.id === id)?.label ?? id;
}

/**
 * The levels a manager may publish a document for: their own level and those below, which
 * for High Command (the agency's top level) is every level. This is the server's rule (it
 * refuses others with 'You can only publish documents for your own level or below.').
 * `current`, an edited document's level, stays listed so the select still shows it.
 */
export function publishableLevels<L extends LevelOption>(
  levels: readonly L[],
  viewerLevel: string | null | undefined,
  current: string | null = null,
): L[] {
  const ids = levels.map((l) => l.id);
  const trimmed = viewerLevel?.trim().toLowerCase() ?? '';
  const level = trimmed === '' ? null : trimmed;
  return levels.filter((l) => l.id === current || reachesLevel(ids, level, l.id));
}

// ——— Dates ———

const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' });

/** '3 Mar 2026', or null without a (valid) date. */
export function formatDate(iso: string | null | undefined, format: Intl.DateTimeFormat = dateFormat): string | null {
  if (iso == null || iso.trim() === '') return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : format.format(date);
}

// ——— Failures ———

/** The shared rules of the catalogue screens (what a call failure is, when a save was stale). */
export { isStale, type CallFailure } from '@/lib/catalogue-failure';

/**
 * The member list's failure (under 'Unable to load SOPs'), the management list's and the save's:
 * 'Failed to load documents', 'Failed to save documents' when the call failed outright.
 */
export const { memberLoadErrorText, manageLoadErrorText, saveErrorText } = catalogueFailureTexts(
  FAILED_TO_LOAD_DOCUMENTS,
  FAILED_TO_SAVE_DOCUMENTS,
);

/** Editor configuration failure: the server's text, 'HTTP {status}' or 'Failed to prepare OnlyOffice config'. */
export function editorErrorText(failure: CallFailure | null): string {
  return failureText(failure, FAILED_TO_PREPARE_EDITOR);
}

/**
 * The status line of the management screen: whether the document-editor integration is
 * active ('OnlyOffice integration: active (https://docs.example.org/)') or inactive.
 */
export function integrationStatusText(integration: { enabled: boolean; serverUrl?: string | null }): string {
  if (!integration.enabled) return `${EDITOR_NAME} integration: inactive`;
  const url = integration.serverUrl?.trim() ?? '';
  return url === '' ? `${EDITOR_NAME} integration: active` : `${EDITOR_NAME} integration: active (${url})`;
}

/** The editor configuration as shown in the preview: indented JSON. */
export function prettyConfig(config: unknown): string {
  return JSON.stringify(config, null, 2);
}

// ——— The editor ———

/** The create/edit document form. */
export interface DocumentDraft {
  /** '' for a new document (the server gives it an id). */
  id: string;
  title: string;
  summary: string;
  content: string;
  type: DocumentType;
  minLevel: string;
}

/** The form of `document`, or of a new document (an SOP for `defaultLevel`) when there is none. */
export function draftOf(document: DocumentLike | null, defaultLevel: string): DocumentDraft {
  return {
    id: document?.id ?? '',
    title: document?.title ?? '',
    summary: document?.summary ?? '',
    content: document?.content ?? '',
    type: documentType(document?.type),
    minLevel: (document?.minLevel ?? '').trim().toLowerCase() || defaultLevel,
  };
}

export interface DraftProblems {
  title: string | null;
  content: string | null;
}

/** The form's problems (command-and-reports §5): 'Title is required', 'Content is required'. */
export function draftProblems(draft: DocumentDraft): DraftProblems {
  return {
    title: draft.title.trim() === '' ? TITLE_REQUIRED : null,
    content: isBlankHtml(draft.content) ? CONTENT_REQUIRED : null,
  };
}

export function hasProblems(problems: DraftProblems): boolean {
  return problems.title !== null || problems.content !== null;
}

/** A document as the form saves it: the form's fields, trimmed and completed (`entryOf`). */
export type DocumentEntry = DocumentDraft;

/**
 * The document the form saves (command-and-reports §5): all text trimmed, the type lowercased
 * (sop by default), the minimum level lowercased (`defaultLevel` when blank). The server sets
 * the dates.
 */
export function entryOf(draft: DocumentDraft, defaultLevel: string): DocumentEntry {
  return {
    id: draft.id,
    title: draft.title.trim(),
    summary: draft.summary.trim(),
    content: draft.content.trim(),
    type: draft.type,
    minLevel: draft.minLevel.trim().toLowerCase() || defaultLevel,
  };
}

// ——— Drafts, publishing and the history (issue 28; not in the spec) ———

export const DOCUMENT_PUBLISHED = 'Document published';
export const CONFIRM_PUBLISH_TITLE = 'Publish this draft?';
export const CONFIRM_PUBLISH = 'Members who may read this document will see this version from now on. The version they see now stays in the history.';
export const UNABLE_TO_LOAD_DRAFT = 'Unable to load the draft';
export const UNABLE_TO_LOAD_HISTORY = 'Unable to load the history';
export const FAILED_TO_PUBLISH = 'Failed to publish the document';
export const FAILED_TO_RESTORE = 'Failed to restore the version';
export const NOTHING_UNPUBLISHED = 'The draft is the same as the published version.';
export const NO_VERSIONS = 'No published versions yet.';
export const restoreTitle = (version: number) => `Restore version ${String(version)}?`;
export const RESTORE_MESSAGE = 'Its content becomes the draft, replacing the draft as it is now. Members keep seeing the published version until you publish.';
export const restoredText = (version: number) => `Version ${String(version)} is the draft again. Publish it to show it to members.`;

/** Whether HTML from the editor shows nothing (no text, no picture): the server refuses it too. */
/**
 * The editor's HTML without the empty paragraphs it keeps at the end (after a last heading,
 * list or table, to type after it): they show nothing, and the server drops them too
 * (`content::sanitise`), so they never make a document read as changed.
 */
export function withoutTrailingEmpty(html: string): string {
  return html.replace(/(?:\s*<p><\/p>)+\s*$/, '');
}

export function isBlankHtml(html: string): boolean {
  if (/<img\b/i.test(html)) return false;
  const text = html.replace(/<[^>]*>/g, '').replace(/&nbsp;|&#160;/g, ' ');
  return text.trim() === '';
}


/** A picture's description from its file name: `patrol-map_2.png` → `patrol map 2`. */
export function pictureAlt(fileName: string): string {
  const stem = fileName.replace(/\.[^.]*$/, '');
  return stem.replace(/[-_]+/g, ' ').replace(/\s+/g, ' ').trim();
}

const writersFormat = new Intl.ListFormat('en-GB', { style: 'long', type: 'conjunction' });

/** Who wrote a published version's draft, as the history says it; null when none is named. */
export function writersText(contributors: readonly string[] | undefined): string | null {
  if (contributors === undefined || contributors.length === 0) return null;
  return `Written by ${writersFormat.format(contributors)}.`;
}
