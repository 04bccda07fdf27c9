/**
 * POST /api/agencies/import (issue 27, root High Command): the bundle file as the raw body.
 * XMLHttpRequest, not fetch, for `upload.onprogress` (fetch tells nothing of an upload).
 */

import { PASSPHRASE_HEADER, type Transfer } from '@/api/agency-bundles';
import { ApiError, prepareRequest } from '@/api/client';
import type { ImportedAgency } from '@/api/types';

export interface ImportOptions {
  /** Import under this slug instead of the bundle's ('' or absent: the bundle's). */
  slug?: string;
  /** Opens the bundle's secrets ('' or absent: they stay out). */
  passphrase?: string;
  /** How much of the file is sent. */
  onProgress?: (transfer: Transfer) => void;
  /** Everything is sent: the server now checks and restores the bundle. */
  onSent?: () => void;
  signal?: AbortSignal;
}

/** The `error` sentence of a JSON body, or null. */
function sentenceOf(text: string): string | null {
  try {
    const body: unknown = JSON.parse(text);
    if (body !== null && typeof body === 'object') {
      const error = (body as Record<string, unknown>).error;
      if (typeof error === 'string' && error.trim() !== '') return error;
    }
  } catch {
    // Not JSON.
  }
  return null;
}

/**
 * Uploads `file` as a new agency → the agency made (201). A refusal rejects with `ApiError`
 * (the server's sentence); a network failure or an abort with an `Error`.
 */
export function importAgencyBundle(file: Blob, options: ImportOptions = {}): Promise<ImportedAgency> {
  const slug = options.slug?.trim() ?? '';
  const path = slug === '' ? '/api/agencies/import' : `/api/agencies/import?slug=${encodeURIComponent(slug)}`;
  const headers = new Headers({ 'Content-Type': 'application/octet-stream' });
  if (options.passphrase !== undefined && options.passphrase !== '') headers.set(PASSPHRASE_HEADER, options.passphrase);
  const [url, init] = prepareRequest(path, { method: 'POST', headers });

  return new Promise<ImportedAgency>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = init.credentials === 'include';
    new Headers(init.headers).forEach((value, key) => {
      xhr.setRequestHeader(key, value);
    });
    xhr.upload.onprogress = (event) => {
      options.onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : file.size });
    };
    xhr.upload.onload = () => {
      options.onProgress?.({ loaded: file.size, total: file.size });
      options.onSent?.();
    };
    xhr.onload = () => {
      const text = typeof xhr.responseText === 'string' ? xhr.responseText : '';
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(text) as ImportedAgency);
        } catch {
          reject(new Error('The portal sent an answer that is not JSON.'));
        }
        return;
      }
      const sentence = sentenceOf(text);
      reject(new ApiError(xhr.status, sentence ?? `HTTP ${String(xhr.status)}`, sentence));
    };
    xhr.onerror = () => {
      reject(new Error('The upload failed. Check your connection and try again.'));
    };
    xhr.onabort = () => {
      reject(new DOMException('The upload was stopped.', 'AbortError'));
    };
    options.signal?.addEventListener('abort', () => {
      xhr.abort();
    });
    options.onProgress?.({ loaded: 0, total: file.size });
    xhr.send(file);
  });
}
