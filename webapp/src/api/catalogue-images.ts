/** Catalogue image uploads (vehicles, equipment, uniforms): `POST /api/uploads/catalogue-image`. */

import { apiFetch } from './client';
import type { components } from './schema';

export type UploadedImage = components['schemas']['UploadedImage'];

/**
 * Uploads an image for a catalogue entry of the active agency (multipart field `file`; PNG,
 * JPEG or WebP, at most 2 MB) → `{url}`, the value of the entry's `image`. Failures throw
 * `ApiError` with the server's text ('No file provided', 'Only PNG, JPEG or WebP images are
 * allowed', 'File too large (max 2MB)').
 */
export function uploadCatalogueImage(file: File): Promise<UploadedImage> {
  const form = new FormData();
  form.append('file', file);
  return apiFetch<UploadedImage>('/api/uploads/catalogue-image', { method: 'POST', body: form });
}
