/**
 * Documents' Office files (issue 28, "Office files"): what the screens say about them. The
 * server checks every upload (a real .docx or .pptx by content, at most 20 MB); the screen
 * checks the size first so that a large file is not sent for nothing.
 */

import { formatBytes } from '@/lib/agency-bundles';
import { failureText, type CallFailure } from '@/lib/catalogue-failure';
import { formatDate } from './sops';

/** `server/src/features/sops/office.rs`: MAX_SOURCE_BYTES and its sentence. */
export const SOURCE_MAX_BYTES = 20 * 1024 * 1024;
export const SOURCE_TOO_LARGE = 'File too large (max 20 MB)';
/** What the file picker offers. */
export const SOURCE_ACCEPT =
  '.docx,.pptx,application/vnd.openxmlformats-officedocument.wordprocessingml.document,application/vnd.openxmlformats-officedocument.presentationml.presentation';
export const SOURCE_HINT = 'A Word document (.docx) or PowerPoint presentation (.pptx), at most 20 MB.';
export const NO_SOURCE = 'No Office file attached.';
export const SOURCE_NOT_SAVED = 'The Office file could not be saved.';
export const SOURCE_NOT_REMOVED = 'The Office file could not be removed.';
export const CONFIRM_REMOVE_SOURCE =
  'Members will no longer be able to open or download it. Its versions stay in the history.';

/** The fields a line about a file needs. */
export interface SourceFacts {
  fileName: string;
  size: number;
  version: number;
  updatedAt: string;
  updatedBy?: string | null;
}

/** 'Pursuits.docx · 12.4 KB · version 2'. */
export function sourceSummary(source: SourceFacts): string {
  return `${source.fileName} · ${formatBytes(source.size)} · version ${String(source.version)}`;
}

/** 'Stored by Cole Command on 27 Nov 2026' (who only for managers). */
export function sourceByline(source: SourceFacts): string {
  const when = formatDate(source.updatedAt);
  const by = source.updatedBy?.trim() ?? '';
  const parts = [by !== '' ? `Stored by ${by}` : 'Stored', when !== null ? `on ${when}` : null];
  return parts.filter((p) => p !== null).join(' ');
}

/** Why a file cannot be sent, before sending it: too large or empty. */
export function sourceProblem(file: Pick<File, 'size'>): string | null {
  if (file.size > SOURCE_MAX_BYTES) return SOURCE_TOO_LARGE;
  if (file.size === 0) return 'No file provided';
  return null;
}

/** The server's sentence for a refused upload or removal, else the screen's fallback. */
export function sourceErrorText(failure: CallFailure | null, fallback = SOURCE_NOT_SAVED): string {
  return failureText(failure, fallback);
}

/** The green notice after an upload. */
export function sourceSavedText(source: SourceFacts): string {
  return `${source.fileName} saved as version ${String(source.version)}.`;
}
