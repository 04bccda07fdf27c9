/**
 * Pictures in a document's content: what the editor's upload extension calls for a picture
 * picked with "Upload image", dropped or pasted (`POST /api/uploads/sop-image`).
 */

import { notifications } from '@mantine/notifications';
import type { ImageUploadResult } from '@mantine/tiptap';
import { failureText } from '@/api/client';
import { imageProblem } from '@/lib/images';
import { uploadDocumentPicture } from '../api/sops';
import { pictureAlt } from '../lib/sops';

export const PICTURE_NOT_ADDED = 'Picture not added';

/** A file refused before it is sent (its type or size), with the server's own sentence. */
class PictureProblem extends Error {}

/** Uploads `file` (PNG, JPEG or WebP up to 2 MB) → the picture's address and a description from its name. */
export async function uploadPicture(file: File): Promise<ImageUploadResult> {
  const problem = imageProblem(file);
  if (problem !== null) throw new PictureProblem(problem);
  const { url } = await uploadDocumentPicture(file);
  return { src: url, alt: pictureAlt(file.name) };
}

/** Says why a picture was not added (the editor removes its faded placeholder by itself). */
export function pictureRefused(_file: File, error: unknown): void {
  const message = error instanceof PictureProblem ? error.message : failureText(error, (status) => `HTTP ${String(status)}`, 'Upload failed');
  notifications.show({ color: 'red', title: PICTURE_NOT_ADDED, message });
}
