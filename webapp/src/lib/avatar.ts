/** Discord avatar URLs (member-portal §7) and the initials shown when an image fails. */

const CDN = 'https://cdn.discordapp.com';

export interface AvatarSource {
  id: string;
  avatar?: string | null;
  discriminator?: string | number | null;
}

/**
 * `https://cdn.discordapp.com/avatars/{id}/{hash}.{gif|png}?size=512` (gif when the hash starts
 * with 'a_'); without a hash the default avatar `embed/avatars/{discriminator mod 5}.png`.
 */
export function discordAvatarUrl({ id, avatar, discriminator }: AvatarSource): string {
  const hash = avatar?.trim();
  if (hash) {
    const extension = hash.startsWith('a_') ? 'gif' : 'png';
    return `${CDN}/avatars/${encodeURIComponent(id)}/${encodeURIComponent(hash)}.${extension}?size=512`;
  }
  const number = Number.parseInt(String(discriminator ?? '0'), 10);
  const index = Number.isFinite(number) ? Math.abs(number) % 5 : 0;
  return `${CDN}/embed/avatars/${index}.png`;
}

/** Up to two initials: 'Jane Doe' → 'JD', 'raw' → 'R', '' → '?'. */
export function initials(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/[\s_.-]+/).filter((word) => word.length > 0);
  if (words.length === 0) return '?';
  const first = words[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1] ?? '') : '';
  return (first.charAt(0) + last.charAt(0)).toUpperCase();
}
