/** Agency images (command-and-reports §5): badge, hero image and favicon uploads. Pure. */

export const IMAGE_ACCEPT = 'image/png,image/jpeg,image/webp';
export const IMAGE_HINT = 'PNG, JPEG or WebP, up to 2 MB';
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;

/** The server's refusal texts, checked before uploading; null when the file may be sent. */
export function imageProblem(file: { type: string; size: number }): string | null {
  if (!IMAGE_ACCEPT.split(',').includes(file.type)) return 'Only PNG, JPEG or WebP images are allowed';
  if (file.size > IMAGE_MAX_BYTES) return 'File too large (max 2MB)';
  return null;
}
