/**
 * Agency bundle calls (issue 27) shared by the Agencies screen (every agency, root High Command)
 * and Branding (an agency's own High Command): export, the backups and their schedule. Import
 * (root only) lives in the agencies feature. Every call goes out for the active agency, which
 * the server checks: the root agency's High Command, or the agency's own.
 */

import { queryOptions } from '@tanstack/react-query';
import { attachmentName, BUNDLE_SUFFIX, exportFileName } from '@/lib/agency-bundles';
import { api, apiRequest } from './client';
import { queryKeys } from './query-keys';
import type { Backup, BackupList, BackupSettings, BackupSettingsInput } from './types';

/** The header that carries an export's or import's passphrase. */
export const PASSPHRASE_HEADER = 'X-Bundle-Passphrase';

const base = (slug: string) => `/api/agencies/${encodeURIComponent(slug)}`;

/** How much of a download has arrived; `total` null when the server did not say (a streamed export). */
export interface Transfer {
  loaded: number;
  total: number | null;
}

export interface DownloadOptions {
  signal?: AbortSignal;
  onProgress?: (transfer: Transfer) => void;
}

/** A file fetched whole: its bytes and the name the server gave it. */
export interface DownloadedFile {
  blob: Blob;
  name: string;
  size: number;
}

/** Reads a response's body to the end, telling `onProgress` after each piece. */
async function readAll(response: Response, fallbackName: string, onProgress?: (transfer: Transfer) => void): Promise<DownloadedFile> {
  const length = Number(response.headers.get('Content-Length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  const name = attachmentName(response.headers.get('Content-Disposition')) ?? fallbackName;
  const type = response.headers.get('Content-Type') ?? 'application/gzip';
  onProgress?.({ loaded: 0, total });
  const reader = response.body?.getReader();
  if (reader === undefined) {
    const blob = await response.blob();
    onProgress?.({ loaded: blob.size, total });
    return { blob, name, size: blob.size };
  }
  const parts: BlobPart[] = [];
  let loaded = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    loaded += value.byteLength;
    onProgress?.({ loaded, total });
  }
  const blob = new Blob(parts, { type });
  return { blob, name, size: loaded };
}

/**
 * GET /api/agencies/{slug}/export → the bundle. With a passphrase (at least 12 characters)
 * the agency's secrets come too, encrypted with it. A refusal throws `ApiError` with the
 * server's sentence.
 */
export async function exportAgency(slug: string, passphrase: string, options: DownloadOptions = {}): Promise<DownloadedFile> {
  const headers = new Headers();
  if (passphrase !== '') headers.set(PASSPHRASE_HEADER, passphrase);
  const response = await apiRequest(`${base(slug)}/export`, { headers, signal: options.signal ?? null });
  return readAll(response, exportFileName(slug), options.onProgress);
}

/** GET /api/agencies/{slug}/backups/{name} → the backup file. */
export async function downloadBackup(slug: string, name: string, options: DownloadOptions = {}): Promise<DownloadedFile> {
  const response = await apiRequest(`${base(slug)}/backups/${encodeURIComponent(name)}`, { signal: options.signal ?? null });
  return readAll(response, name.endsWith(BUNDLE_SUFFIX) ? name : `${name}${BUNDLE_SUFFIX}`, options.onProgress);
}

/** GET /api/agencies/{slug}/backups → the backups (newest first) and the schedule. */
export function getBackups(slug: string, signal?: AbortSignal): Promise<BackupList> {
  return api.get<BackupList>(`${base(slug)}/backups`, { signal: signal ?? null });
}

/** POST /api/agencies/{slug}/backups → the backup just made (201). */
export function backUpNow(slug: string): Promise<Backup> {
  return api.post<Backup>(`${base(slug)}/backups`, undefined);
}

/** PUT /api/agencies/{slug}/backup-settings → the schedule as saved. */
export function saveBackupSettings(slug: string, body: BackupSettingsInput): Promise<BackupSettings> {
  return api.put<BackupSettings>(`${base(slug)}/backup-settings`, body);
}

/** The backups of agency `target`, asked from the active agency `active`. */
export const backupsQueryOptions = (active: string, target: string) =>
  queryOptions({
    queryKey: queryKeys.agencyBackups(active, target),
    queryFn: ({ signal }) => getBackups(target, signal),
  });
